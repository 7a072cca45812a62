import { IsIn, IsString, MaxLength } from 'class-validator';

/**
 * Body of `POST /admin/preferences` (JSON or the page's form). The category
 * and channel are checked by `NotificationPreferencesService` (its errors
 * answer 400); the lengths here only bound what reaches it.
 */
export class SetPreferenceDto {
  @IsString({ message: 'category must be a string' })
  @MaxLength(1000)
  category!: string;

  @IsString({ message: 'channel must be a string' })
  @MaxLength(1000)
  channel!: string;

  /** `on`, `off`, or `default` (forget the choice). */
  @IsIn(['on', 'off', 'default'], { message: 'enabled must be one of $constraint1' })
  enabled!: 'on' | 'off' | 'default';
}
