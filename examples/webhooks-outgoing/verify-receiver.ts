import express from 'express';
import { Webhook } from 'standardwebhooks';

// The receiving side, in the tenant's application: any Standard Webhooks library verifies
// Herald's requests; this is the reference implementation (`npm install standardwebhooks`).
const webhook = new Webhook(process.env.WEBHOOK_SECRET ?? ''); // the whsec_... secret shown at registration

/** Your handler: skip ids already processed, then act on the event. */
declare function handle(id: string, type: string, data: Record<string, unknown>): void;

const app = express();
app.post('/hooks', express.text({ type: 'application/json' }), (req, res) => {
  try {
    // checks the signature (any of the space-separated ones) and that the timestamp is recent
    const event = webhook.verify(req.body as string, req.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    // webhook-id is the same on every retry: use it to process each event once
    handle(req.header('webhook-id') ?? '', event.type, event.data);
    res.sendStatus(204);
  } catch {
    res.sendStatus(400);
  }
});
app.listen(3000);
