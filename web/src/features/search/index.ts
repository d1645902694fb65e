/** What the app shell uses from the search feature: the top bar's search and its dialog. */
export { GlobalSearch } from './components/global-search';
