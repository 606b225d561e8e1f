import {
  RESOURCE_FEATURES,
  type ResourceFeature,
  type ResourceFeatures,
} from '@platform/contracts/resources/definition';

/**
 * Every resource feature off but those named: a test site that serves (or a demo seed that writes) one module's
 * records alone. Made from RESOURCE_FEATURES, so a feature added later is off here too without a test naming it.
 */
export function onlyFeatures(...on: ResourceFeature[]): ResourceFeatures {
  return Object.fromEntries(
    RESOURCE_FEATURES.map((feature) => [feature, on.includes(feature)]),
  ) as ResourceFeatures;
}
