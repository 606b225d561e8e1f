import { z } from 'zod/v4';
import { ValidationError } from '../errors.ts';
import { SitePathSchema } from '../paths.ts';
import { issuesFromZod } from './issues.ts';
import { parseVideoUrl } from './video.ts';

/**
 * The page component types an editor can place (seed 000 §2.8), each with the zod schema of its props.
 * The command side validates props with it (defaults filled in before the event is stored) and the web
 * renders each type from the same registry. Props objects are strict: a misspelt key is an error the
 * editor sees, not a silently ignored setting.
 */

const text = (max = 500) => z.string().max(max);
const richText = z.string().max(100_000);
const externalUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');

export const ImageSchema = z
  .object({
    url: z.string().min(1).max(2048),
    previewUrl: z.string().max(2048).optional(),
    alt: text().default(''),
  })
  .strict();

/** Internal links stay in the site; external ones open in a new tab. */
export const LinkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('internal'), label: text(200), path: SitePathSchema }).strict(),
  z.object({ kind: z.literal('external'), label: text(200), url: externalUrl }).strict(),
]);

const VideoUrlSchema = z
  .string()
  .refine((u) => parseVideoUrl(u) !== null, 'must be a YouTube or Vimeo video URL');

/**
 * The ids of records of a type an editor picks (the page editor offers a picker of that type's records): the
 * description names the type, `record:<type>`.
 */
export const RECORD_REFERENCE_PREFIX = 'record:';
const recordIds = (type: string, max: number) =>
  z.array(z.string().uuid().describe(`${RECORD_REFERENCE_PREFIX}${type}`)).max(max);
/** One record of a type an editor picks, or none (described as `recordIds`' items are). */
const recordId = (type: string) =>
  z.string().uuid().describe(`${RECORD_REFERENCE_PREFIX}${type}`).nullable().default(null);
/** How many items a list of publications shows on a page. */
const pageSize = z.number().int().min(3).max(24).default(9);

const base = { inverseBackground: z.boolean().default(false) };
const props = <T extends z.ZodRawShape>(shape: T) => z.object({ ...base, ...shape }).strict();

export const COMPONENT_PROPS = {
  hero: props({
    title: text().default(''),
    titleImage: ImageSchema.nullable().default(null),
    subtitle: text(1000).default(''),
    images: z.array(ImageSchema).max(20).default([]),
    buttons: z.array(LinkSchema).max(6).default([]),
  }),
  'image-banner': props({
    image: ImageSchema,
    link: LinkSchema.nullable().default(null),
  }),
  title: props({
    title: text(),
    subtitle: text(1000).default(''),
    level: z.number().int().min(1).max(6).default(2),
    alignment: z.enum(['left', 'center', 'right']).default('left'),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
    color: text(50).nullable().default(null),
    subtitleColor: text(50).nullable().default(null),
    reverseOrder: z.boolean().default(false),
  }),
  content: props({
    title: text().default(''),
    display: z.enum(['cards', 'list', 'carousel']).default('cards'),
    columns: z.number().int().min(1).max(6).default(3),
    shortDescriptionLength: z.number().int().min(1).max(10_000).default(200),
    items: z
      .array(
        z
          .object({
            title: text(),
            description: richText.default(''),
            icon: text(100).nullable().default(null),
            image: ImageSchema.nullable().default(null),
            link: LinkSchema.nullable().default(null),
          })
          .strict(),
      )
      .max(100)
      .default([]),
  }),
  buttons: props({
    alignment: z.enum(['left', 'center', 'right']).default('center'),
    buttons: z.array(LinkSchema).min(1).max(10),
  }),
  video: props({
    title: text().default(''),
    description: richText.default(''),
    image: ImageSchema.nullable().default(null),
    file: z
      .object({ url: z.string().min(1).max(2048), mimeType: text(100) })
      .strict()
      .nullable()
      .default(null),
    embedUrl: VideoUrlSchema.nullable().default(null),
  }).refine((p) => (p.file === null) !== (p.embedUrl === null), {
    message: 'a video needs either an uploaded file or an embedded video URL',
    path: ['embedUrl'],
  }),
  testimonials: props({
    title: text().default(''),
    items: z
      .array(
        z
          .object({
            quote: text(5000),
            author: text(200),
            role: text(200).default(''),
            avatar: ImageSchema.nullable().default(null),
          })
          .strict(),
      )
      .max(50)
      .default([]),
  }),
  clients: props({
    title: text().default(''),
    logoMaxSize: z.number().int().min(16).max(1000).default(150),
    logos: z
      .array(
        z.object({ name: text(200), image: ImageSchema, url: externalUrl.nullable().default(null) }).strict(),
      )
      .max(100)
      .default([]),
  }),
  'use-cases': props({
    title: text().default(''),
    startSide: z.enum(['left', 'right']).default('left'),
    items: z
      .array(
        z
          .object({
            title: text(),
            description: richText.default(''),
            image: ImageSchema.nullable().default(null),
            link: LinkSchema.nullable().default(null),
          })
          .strict(),
      )
      .max(50)
      .default([]),
  }),
  contact: props({
    title: text().default(''),
    image: ImageSchema.nullable().default(null),
    address: text(1000).default(''),
    content: richText.default(''),
    showContactUsButton: z.boolean().default(true),
    contactUsPath: SitePathSchema.default('/contact-us'),
    showNewsletterButton: z.boolean().default(true),
    newsletterPath: SitePathSchema.default('/newsletter/subscribe'),
  }),
  'contact-card': props({
    firstName: text(200),
    lastName: text(200),
    title: text().default(''),
    avatar: ImageSchema.nullable().default(null),
    email: z.string().email().nullable().default(null),
    phone: text(50).nullable().default(null),
    contactButton: LinkSchema.nullable().default(null),
    collapsible: z.boolean().default(true),
  }),
  custom: props({
    html: richText.default(''),
    styles: z.string().max(100_000).default(''),
  }),
  'community-numbers': props({
    title: text().default(''),
  }),
  charter: props({
    title: text().default(''),
    description: richText.default(''),
  }),
  /** the coupons on offer (seed 001 §3, §4), with Buy buttons for signed-in members */
  coupons: props({
    title: text().default(''),
  }),
  /**
   * a survey (seed 000 §2.8): its question and answer form, then its results with the reader's own answer; outside
   * openAt–closeAt, why it cannot be answered (seed 001 §4)
   */
  survey: props({
    title: text().default(''),
    survey: recordId('surveys'),
  }),
  /** the published rental models with a category filter and add-to-cart (seed 000 §2.8); a model at {path}/{rentalModel} */
  'rental-models': props({
    title: text().default(''),
  }),
  /** the global search (seed 000 §2.8, issue 22): a search box whose results, grouped by type, come as the reader types */
  'global-search': props({
    title: text().default(''),
  }),
  /** the published open badges, filterable by text (seed 000 §2.8); a badge at {path}/{id}, an assertion at {path}/assertions/{id} */
  'open-badges': props({
    title: text().default(''),
  }),
  /** the open badges an editor picks, in the editor's order (seed 000 §2.8); the same sub-routes */
  'selected-open-badges': props({
    title: text().default(''),
    badges: recordIds('open-badges', 24).default([]),
  }),
  /**
   * the repository (seed 000 §2.8): the published repository items with a search box, category and tag filters and
   * pages; an item at {path}/{item}; `category` presets the filter
   */
  repository: props({
    title: text().default(''),
    category: recordId('repository-categories'),
  }),
  /**
   * the repository search (seed 000 §2.8): a search box and a category filter over the published repository
   * items, the results as cards linking to their pages under the page that shows the repository; `category`
   * presets the filter
   */
  'repository-search': props({
    title: text().default(''),
    category: recordId('repository-categories'),
  }),
  /**
   * the forum (seed 000 §2.8): its categories and subjects, the pinned ones first, filtered by category and tag; a
   * subject at {path}/{id}, a new subject at {path}/create; `category` presets the filter
   */
  forum: props({
    title: text().default(''),
    category: recordId('forum-categories'),
  }),
  /** the published articles (seed 000 §2.8), newest first, filtered by a category and a tag; an article at {path}/{article} */
  articles: props({
    title: text().default(''),
    category: recordId('categories'),
    tag: recordId('tags'),
    pageSize,
  }),
  /** the published blog posts (seed 000 §2.8), newest first, filtered by a tag; a post at {path}/{slug or id} */
  'blog-posts': props({
    title: text().default(''),
    tag: recordId('tags'),
    pageSize,
  }),
  /** the published events of a month (seed 000 §2.8), as a month grid or a list, filtered by a tag; an event at {path}/{id} */
  calendar: props({
    title: text().default(''),
    view: z.enum(['month', 'list']).default('month'),
    tag: recordId('tags'),
  }),
  /**
   * the training resources search (seed 000 §2.8): a search box and a theme filter over the published training
   * resources, the results linking to their pages under the page that shows the training resources; `theme` presets
   * the filter
   */
  'training-resources-search': props({
    title: text().default(''),
    theme: recordId('training-resource-themes'),
  }),
  /**
   * the training resources (seed 000 §2.8): the published resources with a search box, theme, type and tag filters
   * and pages; a resource at {path}/{resource}, a review at {path}/reviews/{review} (§2.6); `theme` presets the filter
   */
  'training-resources': props({
    title: text().default(''),
    theme: recordId('training-resource-themes'),
  }),
  /** the training resources an editor picks, in the editor's order (seed 000 §2.8 selected resources); the same sub-routes */
  'selected-training-resources': props({
    title: text().default(''),
    resources: recordIds('training-resources', 24).default([]),
  }),
  /**
   * the training resource requests (seed 000 §2.8): the published requests, newest first, and a member's new
   * request; a request at {path}/{request} (§2.6)
   */
  'training-resource-requests': props({
    title: text().default(''),
  }),
  /** the requests an editor picks, in the editor's order (seed 000 §2.8 selected requests); the same sub-route */
  'selected-training-resource-requests': props({
    title: text().default(''),
    requests: recordIds('training-resource-requests', 24).default([]),
  }),
  /** the published trainings (seed 000 §2.8); a training with its sessions at {path}/{id} (§2.6) */
  trainings: props({
    title: text().default(''),
  }),
  /** the trainings an editor picks, in the editor's order (seed 000 §2.8 selected trainings); the same sub-route */
  'selected-trainings': props({
    title: text().default(''),
    trainings: recordIds('trainings', 24).default([]),
  }),
  /**
   * the AAC products (seed 000 §2.8): the published products with a search box, system, access type and kind filters
   * and pages, chosen for comparison; a product at {path}/{id}, the comparison at {path}/compare?ids=…, a member's
   * contribution at {path}/contribution and {path}/contribution/{id} (§2.6)
   */
  'aac-products': props({
    title: text().default(''),
  }),
} as const;

export type ComponentType = keyof typeof COMPONENT_PROPS;
export const COMPONENT_TYPES = Object.keys(COMPONENT_PROPS) as ComponentType[];
export type ComponentProps<T extends ComponentType = ComponentType> = z.output<(typeof COMPONENT_PROPS)[T]>;

export function isComponentType(name: string): name is ComponentType {
  return Object.prototype.hasOwnProperty.call(COMPONENT_PROPS, name);
}

/**
 * A stored component's props as this build reads them (defaults filled in, paths normalised), or null when its type
 * is unknown or its props no longer parse: what the route resolver answers for a page's components, so that the web
 * renders them as they are (query-api/src/routes/routes.ts).
 */
export function readComponentProps(name: string, rawProps: unknown): Record<string, unknown> | null {
  if (!isComponentType(name)) return null;
  const parsed = COMPONENT_PROPS[name].safeParse(rawProps ?? {});
  return parsed.success ? (parsed.data as Record<string, unknown>) : null;
}

/**
 * Validates a component's type and props; returns the props with their defaults filled in. Throws a
 * ValidationError pointing at `namePointer` for an unknown type and under `propsPointer` for bad props.
 */
export function parseComponentProps(
  name: string,
  rawProps: unknown,
  pointers: { name: string; props: string } = {
    name: '/data/attributes/name',
    props: '/data/attributes/props',
  },
): Record<string, unknown> {
  if (!isComponentType(name)) {
    throw ValidationError.at(
      pointers.name,
      `unknown component type "${name}"; known types: ${COMPONENT_TYPES.join(', ')}`,
      'validation.unknown_component_type',
    );
  }
  const parsed = COMPONENT_PROPS[name].safeParse(rawProps ?? {});
  if (!parsed.success) throw new ValidationError(issuesFromZod(parsed.error, pointers.props));
  return parsed.data as Record<string, unknown>;
}
