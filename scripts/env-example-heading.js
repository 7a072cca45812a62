/** The comment block at the top of .env.example (shared with the test that keeps the file in sync). */
exports.ENV_EXAMPLE_HEADING = [
  'Herald configuration through environment variables.',
  'Every variable is optional; the value shown is the default. Uncomment to change it.',
  'Levels are separated by a double underscore; list items by index (..._BACKENDS__0__NAME).',
  'Numbers and booleans (true/false, yes/no, 1/0) are converted by field type; units are seconds.',
  'Precedence: defaults < config/app.yaml (HERALD_CONFIG_FILE) < config/app.<HERALD_PROFILE>.yaml < env < code.',
  '',
  'HERALD_CONFIG_FILE=config/app.yaml',
  'HERALD_PROFILE=',
  '',
  'Demo application only:',
  'PORT=3000',
];
