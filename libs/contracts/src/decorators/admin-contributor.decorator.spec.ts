import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { AdminContributor, discoverAdminContributors } from './admin-contributor.decorator.js';

@AdminContributor({ order: 20 })
@Injectable()
class Second implements AdminContributor {
  readonly id = 'second';
  navigation() {
    return [{ label: 'Second', path: '/second' }];
  }
}

@AdminContributor({ order: 10 })
@Injectable()
class First implements AdminContributor {
  readonly id = 'first';
}

@Injectable()
class NotAContributor {}

describe('@AdminContributor()', () => {
  it('marks providers that the shell discovers, in order', async () => {
    @Module({ imports: [DiscoveryModule], providers: [Second, First, NotAContributor] })
    class AppModule {}
    const app = await Test.createTestingModule({ imports: [AppModule] }).compile();
    await app.init();
    const found = discoverAdminContributors(app.get(DiscoveryService));
    expect(found.map((c) => c.id)).toEqual(['first', 'second']);
    expect(found[1].navigation?.()).toEqual([{ label: 'Second', path: '/second' }]);
    await app.close();
  });
});
