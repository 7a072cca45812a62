import { DiscoveryService } from '@nestjs/core';
import type { AdminContributor as AdminContributorShape } from '../interfaces/admin-contributor.interface.js';

export interface AdminContributorOptions {
  /** Lower comes first in the shell. @default 100 */
  order?: number;
}

/**
 * Marks a provider as an admin contributor: a library's pages, navigation
 * entries and checks for an admin shell. It only records metadata; the
 * shell finds marked providers with `discoverAdminContributors()`.
 *
 * @example
 * @AdminContributor()
 * @Injectable()
 * export class NotificationAdminContributor implements AdminContributor { ... }
 */
export const AdminContributor = DiscoveryService.createDecorator<
  AdminContributorOptions | undefined
>();

/** What a contributor offers the shell; see `AdminContributorShape` for the members. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AdminContributor extends AdminContributorShape {}

/** Every provider marked with `@AdminContributor()` in the application, ordered by `order`. */
export function discoverAdminContributors(discovery: DiscoveryService): AdminContributorShape[] {
  return discovery
    .getProviders({ metadataKey: AdminContributor.KEY })
    .filter((wrapper) => wrapper.instance && typeof wrapper.instance === 'object')
    .map((wrapper) => ({
      order: discovery.getMetadataByDecorator(AdminContributor, wrapper)?.order ?? 100,
      instance: wrapper.instance as AdminContributorShape,
    }))
    .sort((a, b) => a.order - b.order)
    .map((entry) => entry.instance);
}
