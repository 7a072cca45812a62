import { IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { NumericString } from '../http/numeric-string.transform.js';

/** Body of `POST /slos/samples` (JSON; numbers may come as the page form's strings). */
export class RecordSamplesDto {
  /** One of the registered SLOs' metrics; checked against `SLOMonitor` by the controller. */
  @IsString()
  @MaxLength(200)
  metric!: string;

  @NumericString()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'valueMs must be a number of milliseconds' },
  )
  @Min(0)
  valueMs!: number;

  @IsOptional()
  @NumericString()
  @IsInt({ message: 'count must be an integer from 1 to 10000' })
  @Min(1)
  @Max(10_000)
  count?: number;
}
