const { FakeSesServer, FakeSendgridServer } = require('@herald/notification/testing');
const { execFileSync } = require('node:child_process');
(async () => {
  const fake = await new FakeSesServer().start();
  const env = { ...process.env, BENCH_SES_URL: fake.url, BENCH_SES_REGION: fake.region, BENCH_SES_KEY_ID: fake.accessKeyId, BENCH_SES_SECRET: fake.secretAccessKey, BENCH_SES_SENDS: '1500' };
  for (const m of ['peer', 'herald']) console.log(m, execFileSync(process.execPath, [__dirname + '/ses-case.js', m], { env }).toString().trim());
  await fake.stop();
})();
