/* cairn-day-group.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "window/cairn-day-group.h"

/* When a conversation was last active, as the sidebar groups it and as a
 * row and the start page say it. */

/* @when in @now's time zone. g_date_time_new_from_unix_local() looks the
 * local zone up again each time (GLib 2.74 stats /etc/localtime twice
 * when TZ is unset), and the sidebar asks for each row it binds and a few
 * dozen times for each change of its list. */
static GDateTime *
local_time (GDateTime *now,
            gint64     when)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (when);

  return utc ? g_date_time_to_timezone (utc, g_date_time_get_timezone (now)) : NULL;
}

static gboolean
same_day (GDateTime *a,
          GDateTime *b)
{
  return g_date_time_get_year (a) == g_date_time_get_year (b) &&
         g_date_time_get_day_of_year (a) == g_date_time_get_day_of_year (b);
}

/**
 * cairn_day_group:
 * @when: unix seconds
 *
 * Which heading a conversation last active at @when goes under.
 */
CairnDayGroup
cairn_day_group (GDateTime *now,
                 gint64     when)
{
  g_autoptr(GDateTime) then = local_time (now, when);
  g_autoptr(GDateTime) yesterday = g_date_time_add_days (now, -1);
  g_autoptr(GDateTime) week_ago = g_date_time_add_days (now, -7);

  if (then == NULL || same_day (then, now) || g_date_time_compare (then, now) > 0)
    return CAIRN_DAY_GROUP_TODAY;
  if (same_day (then, yesterday))
    return CAIRN_DAY_GROUP_YESTERDAY;
  if (g_date_time_compare (then, week_ago) >= 0)
    return CAIRN_DAY_GROUP_PREVIOUS_7_DAYS;
  return CAIRN_DAY_GROUP_OLDER;
}

/**
 * cairn_relative_time:
 *
 * Returns: "Just now", "5 minutes ago", "Yesterday", "3 days ago" or a date.
 */
char *
cairn_relative_time (GDateTime *now,
                     gint64     when)
{
  gint64 seconds = g_date_time_to_unix (now) - when;
  g_autoptr(GDateTime) then = local_time (now, when);
  int n;

  if (seconds < 60 || then == NULL)
    return g_strdup (_("Just now"));
  if (seconds < 3600)
    {
      n = seconds / 60;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d minute ago", "%d minutes ago", n), n);
    }
  switch (cairn_day_group (now, when))
    {
    case CAIRN_DAY_GROUP_TODAY:
      n = seconds / 3600;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hour ago", "%d hours ago", n), n);
    case CAIRN_DAY_GROUP_YESTERDAY:
      return g_strdup (_("Yesterday"));
    case CAIRN_DAY_GROUP_PREVIOUS_7_DAYS:
      n = MAX (2, seconds / 86400);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d day ago", "%d days ago", n), n);
    case CAIRN_DAY_GROUP_OLDER:
    default:
      /* Translators: a date as in "12 March 2026", see strftime */
      return g_date_time_format (then, _("%-d %B %Y"));
    }
}
