#ifndef BLOQ_GETTEXT_H
#define BLOQ_GETTEXT_H

/* glibc's gettext, for BloqCore's Localized (the Swift Glibc module leaves libintl.h out). */

const char *bloq_dgettext(const char *domain, const char *msgid);
const char *bloq_dngettext(const char *domain, const char *singular, const char *plural, unsigned long count);
/* Points the domain at a folder of LL/LC_MESSAGES/DOMAIN.mo catalogs, in UTF-8. */
void bloq_bind_domain(const char *domain, const char *directory);
/* Sets the program's LC_MESSAGES (and LC_CTYPE) from the environment, as GNU programs do at start; returns the messages locale's name. */
const char *bloq_use_environment_locale(void);

#endif
