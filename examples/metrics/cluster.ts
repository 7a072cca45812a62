import cluster from 'node:cluster';
import http from 'node:http';
import os from 'node:os';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClusterMetricsAggregator, createMetricsMiddleware, MonitorModule } from '@herald/monitor';

@Module({ imports: [MonitorModule.forRoot({ config: { backendType: 'prometheus' } })] })
class AppModule {}

async function main() {
  if (cluster.isPrimary) {
    const metrics = new ClusterMetricsAggregator({ timeoutMs: 2000 });
    http.createServer(createMetricsMiddleware({ source: metrics })).listen(9100);
    for (let i = 0; i < os.availableParallelism(); i++) cluster.fork();
  } else {
    await (await NestFactory.create(AppModule)).listen(3000);
  }
}
void main();
