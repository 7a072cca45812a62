#!/usr/bin/env node
// Writes .env.example from the configuration schema (run `npm run env-example` after adding a field).
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
require('reflect-metadata');
const { HeraldConfig, renderEnvExample } = require('../libs/contracts/dist');
const { ENV_EXAMPLE_HEADING } = require('./env-example-heading');

writeFileSync(join(__dirname, '..', '.env.example'), renderEnvExample(HeraldConfig, ENV_EXAMPLE_HEADING));
console.log('wrote .env.example');
