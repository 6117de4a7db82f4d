// The floor's document, so a ceiling page differs from the floor's page only in its markup.
export { Layout, default } from '../../floor/app/root.tsx'
