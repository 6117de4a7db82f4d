/** Every presenter operation, by domain. The client, the sandbox and the msw handlers all use these. */
export * as auth from './auth.ts'
export * as users from './users.ts'
export * as config from './config.ts'
export * as content from './content.ts'
export * as catalogue from './catalogue.ts'
export * as cart from './cart.ts'
export * from './define.ts'
