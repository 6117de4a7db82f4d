import { type RouteConfig, route } from '@react-router/dev/routes'

export default [route('markup/:page', 'routes/markup.tsx')] satisfies RouteConfig
