import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry } from '@herald/contracts';
import { SLOMonitor } from '@herald/monitor';
import { DEMO_SLOS } from './demo-slos';

/** Registers the demo SLOs and puts "SLOs" in the shell's navigation. */
@AdminContributor({ order: 88 })
@Injectable()
export class SloDemoContributor implements AdminContributor, OnModuleInit {
  readonly id = 'slos';

  constructor(private readonly slos: SLOMonitor) {}

  onModuleInit(): void {
    for (const slo of DEMO_SLOS) {
      if (!this.slos.registeredSlos[slo.name]) this.slos.register(slo);
    }
  }

  navigation(): AdminNavEntry[] {
    return [{ label: 'SLOs', path: '/slos', order: 88 }];
  }
}
