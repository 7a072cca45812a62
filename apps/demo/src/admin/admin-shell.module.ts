import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AdminShellService } from './admin-shell.service';

@Module({
  imports: [DiscoveryModule],
  providers: [AdminShellService],
  exports: [AdminShellService],
})
export class AdminShellModule {}
