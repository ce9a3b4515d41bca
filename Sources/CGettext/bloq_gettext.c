#include "bloq_gettext.h"
#include <libintl.h>
#include <locale.h>

const char *bloq_dgettext(const char *domain, const char *msgid) { return dgettext(domain, msgid); }

const char *bloq_dngettext(const char *domain, const char *singular, const char *plural, unsigned long count) {
    return dngettext(domain, singular, plural, count);
}

void bloq_bind_domain(const char *domain, const char *directory) {
    bindtextdomain(domain, directory);
    bind_textdomain_codeset(domain, "UTF-8");
}

const char *bloq_use_environment_locale(void) {
    setlocale(LC_CTYPE, "");
    const char *name = setlocale(LC_MESSAGES, "");
    return name ? name : "C";
}
