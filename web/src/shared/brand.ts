/** Names the product shows about itself, in one place. */
export const PRODUCT_NAME = 'SIXA';
export const SUITE_TITLE = 'SIXA Business Suite';
export const PRODUCT_TAGLINE = 'AI-powered business workspace';
