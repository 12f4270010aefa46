module.exports = require('../../jest.preset.js')(__dirname, 'monitoring-service');
