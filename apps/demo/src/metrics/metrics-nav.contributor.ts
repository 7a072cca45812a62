import { Injectable } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry } from '@herald/contracts';
import { MetricsScrapeService } from '@herald/monitor';

/** Links the scrape endpoint from the home page and the shell's navigation. */
@AdminContributor({ order: 60 })
@Injectable()
export class MetricsNavContributor implements AdminContributor {
  readonly id = 'metrics';

  constructor(private readonly scrape: MetricsScrapeService) {}

  navigation(): AdminNavEntry[] {
    return [{ label: 'Metrics', path: this.scrape.path, order: 60 }];
  }
}
