/**
 * The peers' request by hand: node:http with a keep-alive agent, resolving
 * with the answer's JSON (or nothing), rejecting on a status of 300 or more.
 */
const http = require('node:http');

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function rawPost(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode >= 300) return reject(new Error(`HTTP ${res.statusCode}`));
          const text = Buffer.concat(chunks).toString('utf8');
          resolve(text && text[0] === '{' ? JSON.parse(text) : undefined);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

module.exports = { agent, rawPost, close: () => agent.destroy() };
