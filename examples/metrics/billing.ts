import { Injectable, Module } from '@nestjs/common';
import {
  InjectMetrics,
  type CounterProtocol,
  type MetricsCollectorProtocol,
} from '@herald/contracts';
import { Metered, MetricsController, MonitorModule } from '@herald/monitor';

@Injectable()
export class Billing {
  private readonly charges: CounterProtocol;

  constructor(@InjectMetrics() metrics: MetricsCollectorProtocol) {
    // create instruments in the constructor: a field initializer would run before `metrics` is set
    this.charges = metrics.createCounter('charges_total', 'Charges made');
  }

  @Metered() // histogram billing_charge_duration (seconds), status="ok" | "error"
  async charge(card: string) {
    this.charges.increment(1, { provider: card.startsWith('4') ? 'visa' : 'other' });
  }
}

@Module({
  imports: [MonitorModule.forRoot({ config: { backendType: 'prometheus' } })],
  controllers: [MetricsController], // GET /metrics
  providers: [Billing],
})
export class AppModule {}
