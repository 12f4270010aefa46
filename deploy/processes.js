// The product's processes for `npm start`: one line per service. The gateway gets
// `<NAME>_SERVICE_URL` for each, so adding a service here also routes to it (see gateway/src/routes.ts).
'use strict';

const SERVICES = [
  { name: 'auth', entry: 'services/auth/dist/main.js', port: 3001 },
  { name: 'crm', entry: 'services/crm/dist/main.js', port: 3002 },
];

const GATEWAY = { name: 'gateway', entry: 'gateway/dist/main.js', port: 8080 };

module.exports = { SERVICES, GATEWAY };
