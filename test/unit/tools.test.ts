/** TOOL-3: tool definitions are checked against the head's prompt before PUT /dh/heads/:id/tools. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { promptMismatch } from '../../src/platform/tools.js';

test('TOOL-3 a prompt must name every tool parameter, and use no {placeholder} that is not one', () => {
  const tools = [
    {
      name: 'weather',
      description: 'Weather',
      parameters: [{ name: 'city', type: 'string', description: 'City' }],
      url: 'https://t.example/w',
    },
  ];
  assert.equal(promptMismatch(tools, 'Call weather with the {city} the user names.'), undefined);
  assert.match(
    promptMismatch(tools, 'Call weather with the town.')!,
    /does not name the parameter "city"/,
  );
  assert.match(
    promptMismatch(tools, 'Use {city} and {country}.')!,
    /\{country\}, which no tool has/,
  );
});
