/* cairn-util.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <unistd.h>

#include "protocol/cairn-util.h"

/* Replaces *field with a copy of value; TRUE when that changed anything,
 * so callers notify only on real change. */
gboolean
cairn_set_str (char       **field,
               const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

/**
 * cairn_saturating_add:
 *
 * @a + @b, held at G_MAXINT64 / G_MININT64 instead of overflowing: token
 * counts come from the CLI and may be anything.
 */
gint64
cairn_saturating_add (gint64 a,
                      gint64 b)
{
  if (b > 0 && a > G_MAXINT64 - b)
    return G_MAXINT64;
  if (b < 0 && a < G_MININT64 - b)
    return G_MININT64;
  return a + b;
}

/**
 * cairn_format_cost:
 *
 * A cost in dollars as the header shows it: "$0.00" for nothing, "< $0.01"
 * for a few tenths of a cent (a short turn costs that, and "$0.00" read as
 * if it were free), cents from there.
 */
char *
cairn_format_cost (double usd)
{
  if (!(usd > 0))
    return g_strdup ("$0.00");
  if (usd < 0.01)
    /* Translators: a cost of less than one US cent */
    return g_strdup (_("< $0.01"));
  return g_strdup_printf ("$%.2f", usd);
}

static char *
format_seconds (gint64 s)
{
  /* Translators: a duration in whole seconds, abbreviated */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d s", "%d s", (int)s), (int)s);
}

static char *
format_minutes (gint64 min)
{
  /* Translators: a duration in whole minutes, abbreviated */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d min", "%d min", (int)min), (int)min);
}

static char *
format_hours (gint64 h)
{
  /* Translators: a duration in whole hours, abbreviated */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d h", "%d h", (int)h), (int)h);
}

/* "2 min" and "5 s" make "2 min 5 s"; a zero second part is left out. */
static char *
join_units (char *big,
            char *small)
{
  g_autofree char *b = big;
  g_autofree char *s = small;

  if (s == NULL)
    return g_steal_pointer (&b);
  /* Translators: a duration in two units, e.g. "2 min" and "5 s" */
  return g_strdup_printf (_("%s %s"), b, s);
}

/**
 * cairn_format_duration:
 *
 * How long a turn, a tool call or a thought took, in one style everywhere:
 * "0.9 s" and "4.2 s" with their tenth under ten seconds (where it is worth
 * reading), then "12 s", "2 min", "2 min 5 s", "1 h", "1 h 3 min" (seconds
 * no longer matter past the hour). Negative durations read as zero, and
 * the count is capped where an int holds it.
 */
char *
cairn_format_duration (gint64 ms)
{
  gint64 s, min;

  ms = CLAMP (ms, 0, (gint64)G_MAXINT32 * 1000);
  if (ms < 9950)
    /* Translators: a duration in seconds with one decimal, abbreviated */
    return g_strdup_printf (_("%.1f s"), ((ms + 50) / 100) / 10.0);
  s = (ms + 500) / 1000;
  if (s < 60)
    return format_seconds (s);
  if (s < 3600)
    return join_units (format_minutes (s / 60), s % 60 ? format_seconds (s % 60) : NULL);
  min = (s + 30) / 60;
  return join_units (format_hours (min / 60), min % 60 ? format_minutes (min % 60) : NULL);
}

/**
 * cairn_format_reset_time:
 *
 * When a usage limit resets, local time: "14:30" today, "Mon 09:00" on any
 * other day (the same day of another year too). %NULL when unknown (zero
 * or out of GDateTime's range).
 */
char *
cairn_format_reset_time (gint64 unix_time)
{
  g_autoptr(GDateTime) when = unix_time > 0 ? g_date_time_new_from_unix_local (unix_time) : NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  gboolean today;

  if (when == NULL)
    return NULL;
  today = g_date_time_get_year (when) == g_date_time_get_year (now)
          && g_date_time_get_day_of_year (when) == g_date_time_get_day_of_year (now);
  return g_date_time_format (when, today ? "%H:%M" : "%a %H:%M");
}

/* All of @data to @fd, through interrupted and short writes: 0, or the
 * errno of the write that failed (EIO for one that wrote nothing). */
int
cairn_write_all (int         fd,
                 const void *data,
                 gsize       size)
{
  const guint8 *p = data;

  while (size > 0)
    {
      gssize n = write (fd, p, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return errno;
      if (n == 0)
        return EIO;
      p += n;
      size -= n;
    }
  return 0;
}

/**
 * cairn_run_on_context:
 * @context: (nullable): where @func runs; %NULL is the global default
 *
 * Queues @func on @context from a worker thread, always as a source.
 * g_main_context_invoke() is not enough there: when the main thread is
 * not iterating at that moment (a test, a blocking call), the worker
 * acquires the context and runs @func itself, off the main thread.
 */
void
cairn_run_on_context (GMainContext  *context,
                      int            priority,
                      GSourceFunc    func,
                      gpointer       data,
                      GDestroyNotify notify)
{
  g_autoptr(GSource) source = g_idle_source_new ();

  g_source_set_priority (source, priority);
  g_source_set_callback (source, func, data, notify);
  g_source_set_static_name (source, "[cairn] from a worker");
  g_source_attach (source, context);
}
