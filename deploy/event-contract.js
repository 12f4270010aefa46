// The events published during a test run that their message in the AsyncAPI document does not
// accept: what libs/kafka (event-contract.ts) appended to the file SIXA_EVENT_CONTRACT_CHECK names,
// one JSON line each, summed up by event type, path and message.
'use strict';
const fs = require('node:fs');

/** Lines saying what did not match (none: every event matched, or none was published). */
function eventContractReport(file) {
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const groups = new Map();
  for (const line of text.split('\n').filter(Boolean)) {
    let v;
    try {
      v = JSON.parse(line);
    } catch {
      v = { type: '', topic: '', id: '', path: '', message: line };
    }
    const key = `${v.type || '(no type)'} on ${v.topic}: ${v.path || '(event)'} ${v.message}`;
    const group = groups.get(key) ?? { count: 0, id: v.id };
    group.count++;
    groups.set(key, group);
  }
  return [...groups].map(([key, g]) => `${key} (${g.count}x, e.g. event ${g.id || '?'})`);
}

module.exports = { eventContractReport };
