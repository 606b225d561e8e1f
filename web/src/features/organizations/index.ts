/* What the organizations feature offers the frame: an organization's public page route. */
export { organizationRoutes } from './routes.tsx';
