#ifndef BLOQ_GETTEXT_H
#define BLOQ_GETTEXT_H

/* glibc's gettext, for BloqCore's Localized (the Swift Glibc module leaves libintl.h out). */

const char *bloq_dgettext(const char *domain, const char *msgid);
const char *bloq_dngettext(const char *domain, const char *singular, const char *plural, unsigned long count);
/* Points the domain at a folder of LL/LC_MESSAGES/DOMAIN.mo catalogs, in UTF-8. */
void bloq_bind_domain(const char *domain, const char *directory);
/* Shows messages in `languages` (LANGUAGE's form, "de" or "pt_BR:pt") from the next lookup
   on, whatever the environment's locales and whether any is generated: sets LANGUAGE, sets
   LC_MESSAGES to C.UTF-8 (glibc ignores LANGUAGE under the "C" locale, and C.UTF-8 is the one
   locale every glibc from 2.35 ships), and clears glibc's cache of messages already looked
   up. An empty `languages` is English: LC_MESSAGES "C", where no catalog is read. Returns 0
   when no messages locale other than "C" could be set (no translation can be shown), 1 else. */
int bloq_show_languages(const char *languages);

#endif
