import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Inject,
  Put,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import { NotificationPreferencesService } from '@herald/notification';
import { CurrentUser } from '../current-user.decorator.js';
import { PreferenceBodyDto } from './inbox.dto.js';
import { INBOX_TOPICS, type InboxTopic } from './inbox-topics.js';

/**
 * The inbox's preferences panel: `GET preferences` lists your `INBOX_TOPICS` with
 * each channel on or off for the signed-in user, `PUT preferences` turns one on or
 * off. Beside `InboxController`, behind the same guard; needs the notifier's
 * `NotificationPreferencesService` (`NotifierModule.forRoot(...)`), whose gate then
 * skips the channels a user turned off.
 */
@Controller('admin/notifications')
@UsePipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }))
export class InboxPreferencesController {
  constructor(
    private readonly preferences: NotificationPreferencesService,
    @Inject(INBOX_TOPICS) private readonly topics: InboxTopic[],
  ) {}

  @Get('preferences')
  async getPreferences(@CurrentUser() userId: string) {
    const effective = await this.preferences.effective(userId, this.topics);
    return {
      topics: this.topics.map((topic) => ({
        category: topic.category,
        label: topic.label,
        channels: effective
          .filter((p) => p.category === topic.category)
          .map((p) => ({ channel: p.channel, enabled: p.enabled })),
      })),
    };
  }

  @Put('preferences')
  async setPreference(@CurrentUser() userId: string, @Body() body: PreferenceBodyDto) {
    const topic = this.topics.find((t) => t.category === body.category);
    if (!topic) {
      const known = this.topics.map((t) => t.category).join(', ');
      throw new BadRequestException(`category must be one of ${known}`);
    }
    if (!topic.channels.includes(body.channel)) {
      throw new BadRequestException(
        `channel must be one of ${topic.channels.join(', ')} for '${topic.category}'`,
      );
    }
    const saved = await this.preferences.set({ userId, ...body });
    return { category: saved.category, channel: saved.channel, enabled: saved.enabled };
  }
}
