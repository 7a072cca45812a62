import { IsIn, IsOptional } from 'class-validator';
import {
  PREVIEW_CHANNELS,
  PREVIEW_LOCALES,
  PREVIEW_NOTIFICATIONS,
  PREVIEW_RECIPIENTS,
  type PreviewChannel,
} from './demo-preview-catalog.js';

/** Query of `GET /admin/previews`: each value one of the page's own, named in the 400 when not. */
export class PreviewQueryDto {
  @IsOptional()
  @IsIn(Object.keys(PREVIEW_NOTIFICATIONS), {
    message: 'class "$value" is not a notification class of the demo; use one of: $constraint1',
  })
  class?: string;

  @IsOptional()
  @IsIn(PREVIEW_CHANNELS, {
    message: 'channel "$value" is not a channel the preview shows; use one of: $constraint1',
  })
  channel?: PreviewChannel;

  @IsOptional()
  @IsIn(Object.keys(PREVIEW_RECIPIENTS), {
    message: 'recipient "$value" is not a sample recipient; use one of: $constraint1',
  })
  recipient?: string;

  @IsOptional()
  @IsIn(PREVIEW_LOCALES, {
    message: 'locale "$value" has no messages in the demo templates; use one of: $constraint1',
  })
  locale?: string;
}
