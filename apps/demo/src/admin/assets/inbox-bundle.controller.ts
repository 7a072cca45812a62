import { Controller, Get, Header, NotFoundException, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { InboxBundleService } from './inbox-bundle.service.js';

const YEAR = 'public, max-age=31536000, immutable';

/**
 * `GET /assets/herald-inbox-<hash>.js`: the inbox element's browser bundle under a
 * content-addressed name, cached for a year (`immutable`); `GET /assets/herald-inbox.js`
 * is the same file under a stable name, revalidated on every use (`no-cache` + ETag).
 * Public: the sign-in page may load it too. Any other name is a 404 that lists the served ones.
 */
@Controller('assets')
export class InboxBundleController {
  constructor(private readonly assets: InboxBundleService) {}

  @Get(':file')
  @Header('X-Content-Type-Options', 'nosniff')
  serve(@Param('file') file: string, @Req() req: Request, @Res() res: Response): void {
    const bundle = this.assets.bundle;
    if (!bundle) {
      throw new NotFoundException(
        'The inbox bundle is not built: run "npm run build" (scripts/build-inbox-bundle.js)',
      );
    }
    const versioned = `/assets/${file}` === bundle.url;
    if (!versioned && file !== 'herald-inbox.js') {
      throw new NotFoundException(
        `No such asset: the file must be "herald-inbox.js" or "${bundle.url.slice('/assets/'.length)}"`,
      );
    }
    res.setHeader('Cache-Control', versioned ? YEAR : 'no-cache');
    res.setHeader('ETag', bundle.etag);
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bundle.etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).send(bundle.code);
  }
}
