// The web app's two message catalogues as plain maps, for the tests that read them.
import englishCatalogue from '../../web/locales/en.json';
import hindiCatalogue from '../../web/locales/hi.json';

export const en: Readonly<Record<string, string>> = englishCatalogue;
export const hi: Readonly<Record<string, string>> = hindiCatalogue;
