#include "bloq_gettext.h"
#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

const char *bloq_dgettext(const char *domain, const char *msgid) { return dgettext(domain, msgid); }

const char *bloq_dngettext(const char *domain, const char *singular, const char *plural, unsigned long count) {
    return dngettext(domain, singular, plural, count);
}

void bloq_bind_domain(const char *domain, const char *directory) {
    bindtextdomain(domain, directory);
    bind_textdomain_codeset(domain, "UTF-8");
}

/* Whether the messages locale now set lets glibc read LANGUAGE (any but "C"; "POSIX" is
   reported as "C"). */
static int messages_locale_reads_language(void) {
    const char *name = setlocale(LC_MESSAGES, NULL);
    return name != NULL && strcmp(name, "C") != 0;
}

int bloq_show_languages(const char *languages) {
    int shown = 1;
    if (languages == NULL || languages[0] == '\0') {
        unsetenv("LANGUAGE");
        setlocale(LC_MESSAGES, "C");
    } else {
        setenv("LANGUAGE", languages, 1);
        /* C.UTF-8 first (glibc 2.35 and later; Debian 12 ships it in libc-bin); then the
           environment's own messages locale, when it is generated; then a common one. */
        static const char *const candidates[] = {"C.UTF-8", "C.utf8", "", "en_US.UTF-8"};
        shown = 0;
        for (size_t i = 0; i < sizeof candidates / sizeof candidates[0] && !shown; i++) {
            if (setlocale(LC_MESSAGES, candidates[i]) != NULL) shown = messages_locale_reads_language();
        }
    }
    /* textdomain() bumps glibc's catalog counter (_nl_msg_cat_cntr), which empties the
       cache of looked-up messages: the cache is keyed by the locale's name, not by LANGUAGE,
       so a change of LANGUAGE alone would go unseen. */
    const char *current = textdomain(NULL);
    if (current != NULL) textdomain(current);
    return shown;
}
