import { describe, expect, it } from 'vitest';
import { greatCircleMiles } from '../availability/geo.ts';
import { routeLegs } from './day-route.ts';

const columbus = { latitude: 39.9612, longitude: -82.9988 };
const dublin = { latitude: 40.0992, longitude: -83.1141 };
const westerville = { latitude: 40.1262, longitude: -82.9291 };
const drive = { roadFactor: 1.3, averageSpeedMph: 30 };

describe("the drives of an inspector's day", () => {
  it('is one leg fewer than stops, each the road miles and whole minutes the engine assumes', () => {
    const legs = routeLegs([columbus, dublin, westerville], drive);
    expect(legs).toHaveLength(2);
    const miles = greatCircleMiles(columbus, dublin) * 1.3;
    expect(legs[0]!.miles).toBeCloseTo(miles, 6);
    expect(legs[0]!.minutes).toBe(Math.ceil((miles / 30) * 60));
    expect(legs[1]!.miles).toBeCloseTo(greatCircleMiles(dublin, westerville) * 1.3, 6);
  });

  it('has no leg for a single stop or none', () => {
    expect(routeLegs([columbus], drive)).toEqual([]);
    expect(routeLegs([], drive)).toEqual([]);
  });

  it('leaves a leg unknown where either end was never located, and the others known', () => {
    const lost = { latitude: null, longitude: 40 };
    const legs = routeLegs([columbus, lost, dublin, westerville], drive);
    expect(legs[0]).toBeNull();
    expect(legs[1]).toBeNull();
    expect(legs[2]).not.toBeNull();
    expect(routeLegs([columbus, { latitude: 40, longitude: null }], drive)).toEqual([null]);
  });

  it('takes the office road factor and speed: the same place is no drive at all', () => {
    expect(routeLegs([columbus, columbus], drive)).toEqual([{ miles: 0, minutes: 0 }]);
    const slow = routeLegs([columbus, dublin], { roadFactor: 1, averageSpeedMph: 15 })[0]!;
    expect(slow.miles).toBeCloseTo(greatCircleMiles(columbus, dublin), 6);
    expect(slow.minutes).toBe(Math.ceil((greatCircleMiles(columbus, dublin) / 15) * 60));
  });
});
