import type { INestApplication } from '@nestjs/common';
import request from 'supertest';

/** Signs in as a demo user through `POST /auth/login` and returns the bearer token. */
export async function loginAs(app: INestApplication, user: string): Promise<string> {
  const res = await request(app.getHttpServer()).post('/auth/login').send({ user }).expect(200);
  return res.body.token as string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
