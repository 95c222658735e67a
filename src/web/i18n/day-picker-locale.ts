import { enUS, es } from "react-day-picker/locale";
import { readerLocale } from "../../domain/translate.ts";

/**
 * Spanish as the school's families read it in the US: weeks start on Sunday, as on their English calendar (date-fns'
 * Spanish starts them on Monday, as in Spain).
 */
const usSpanish = { ...es, options: { ...es.options, weekStartsOn: 0 as const } };

/** react-day-picker's locale (month caption, weekday names, its buttons' labels) for the page's language. */
export const dayPickerLocale = () => (readerLocale() === "es" ? usSpanish : enUS);
