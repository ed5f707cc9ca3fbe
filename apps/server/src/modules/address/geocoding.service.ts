import type { FastifyBaseLogger } from 'fastify';
import type { GeocodeSuggestion } from '@scheduler/contracts/address';
import { parseUsAddress, placeConflicts, PO_BOX_MESSAGE } from '@scheduler/domain/address/us-address';
import type { Config } from '../../config.ts';
import type { PostalCodeDirectory } from '../scheduling/postal-codes.ts';
import { GeocoderError, type GeocodedAddress, type Geocoder } from './geocoder.ts';
import { GoogleGeocoder } from './google-geocoder.ts';
import { NominatimGeocoder } from './nominatim-geocoder.ts';
import { OfflineGeocoder } from './offline-geocoder.ts';

const NO_RESULTS: GeocodeSuggestion = {
  no_results: true,
  address1: '',
  address2: '',
  city: '',
  state: '',
  state_id: null,
  postal_code: '',
  county: '',
  latitude: 0,
  longitude: 0,
  conflicts: [],
  refusal: null,
};

export interface GeocodeContext {
  /** The office's state, two-letter code. */
  officeState: string;
  /** The company's states: their ids are what an order stores. */
  states: ReadonlyArray<{ id: number; abbreviation: string }>;
}

/**
 * Suggestions for the address step's "Verify Address" box (spec 2.6, 3.11): from the configured
 * provider, or from the bundled postal codes when there is none or it fails. A PO box is refused
 * whatever the provider, and a typed city or state that the postal code contradicts is named.
 */
export class GeocodingService {
  private readonly offline: OfflineGeocoder;

  constructor(
    private readonly places: PostalCodeDirectory,
    private readonly provider: Geocoder | null,
  ) {
    this.offline = new OfflineGeocoder(places);
  }

  async suggest(text: string, context: GeocodeContext, log: FastifyBaseLogger): Promise<GeocodeSuggestion> {
    const parsed = parseUsAddress(text);
    if (parsed.poBox) return { ...NO_RESULTS, refusal: { code: 'po_box', field: 'address1', message: PO_BOX_MESSAGE } };
    const request = { text, parsed, defaultState: context.officeState };
    let found: GeocodedAddress | null = null;
    if (this.provider) {
      try {
        found = await this.provider.geocode(request);
        if (!found)
          log.info(
            { provider: this.provider.name, code: 'geocoder_no_results' },
            'geocoding service found nothing; asking the bundled postal codes',
          );
      } catch (error) {
        // The code and provider only: the address, the URL and the provider's message stay out of the logs.
        log.warn(
          { provider: this.provider.name, code: error instanceof GeocoderError ? error.code : 'geocoder_failed' },
          'geocoding service failed; answering from the bundled postal codes',
        );
      }
    }
    found ??= await this.offline.geocode(request);
    if (!found) return NO_RESULTS;
    const place = parsed.zip ? await this.places.find(parsed.zip) : null;
    return {
      no_results: false,
      address1: found.address1,
      address2: found.address2,
      city: found.city,
      state: found.state,
      state_id: context.states.find((s) => s.abbreviation.toUpperCase() === found.state)?.id ?? null,
      postal_code: found.postalCode,
      county: found.county,
      latitude: found.latitude,
      longitude: found.longitude,
      conflicts: place ? placeConflicts({ city: parsed.city, state: parsed.state, postalCode: parsed.zip }, place) : [],
      refusal: null,
    };
  }
}

/** The provider the configuration names; null for the offline default. */
export function configuredGeocoder(
  config: Pick<Config, 'GEOCODER' | 'GEOCODER_URL' | 'GOOGLE_MAPS_KEY' | 'GEOCODER_TIMEOUT_MS'>,
): Geocoder | null {
  switch (config.GEOCODER) {
    case 'offline':
      return null;
    case 'nominatim':
      if (!config.GEOCODER_URL) throw new Error('GEOCODER=nominatim needs GEOCODER_URL');
      return new NominatimGeocoder(config.GEOCODER_URL, config.GEOCODER_TIMEOUT_MS);
    case 'google':
      if (!config.GOOGLE_MAPS_KEY) throw new Error('GEOCODER=google needs GOOGLE_MAPS_KEY');
      return new GoogleGeocoder(config.GOOGLE_MAPS_KEY, config.GEOCODER_TIMEOUT_MS, config.GEOCODER_URL);
  }
}
