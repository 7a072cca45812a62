import { IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { NumericString } from '../http/numeric-string.transform.js';

/** Largest latency a sample may report: one day, in milliseconds. */
const MAX_VALUE_MS = 86_400_000;

/** Body of `POST /slos/samples` (JSON; numbers may come as the page form's strings). */
export class RecordSamplesDto {
  /** One of the registered SLOs' metrics; checked against `SLOMonitor` by the controller. */
  @IsString()
  @MaxLength(200)
  metric!: string;

  @NumericString()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'valueMs must be a number of milliseconds from 0 to 86400000 (one day)' },
  )
  @Min(0, { message: 'valueMs must be a number of milliseconds from 0 to 86400000 (one day)' })
  @Max(MAX_VALUE_MS, {
    message: 'valueMs must be a number of milliseconds from 0 to 86400000 (one day)',
  })
  valueMs!: number;

  @IsOptional()
  @NumericString()
  @IsInt({ message: 'count must be an integer from 1 to 10000' })
  @Min(1)
  @Max(10_000)
  count?: number;
}
