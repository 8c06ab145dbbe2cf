/* cairn-usage-line.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "history/cairn-history-scan.h"
#include "usage/cairn-usage-line.h"

/* Reads a reply's usage from one session-file line with the history's
 * line scanner: the keys are walked, strings and the reply's content
 * skipped, nothing allocated. The bytes are untrusted: a count that is
 * negative, fractional or beyond CAIRN_USAGE_MAX_TOKENS marks the line
 * bad rather than adding something wrong to a total. */

typedef struct
{
  const char      *line;
  CairnUsageFacts *facts;
} Scan;

#define key_is cairn_history_scan_key_is

static gboolean
is_string (const char *value,
           const char *value_end)
{
  return value_end - value >= 2 && *value == '"' && value_end[-1] == '"';
}

static void
keep_string (Scan       *scan,
             const char *value,
             const char *value_end,
             guint32    *start,
             guint32    *length)
{
  if (!is_string (value, value_end))
    return;
  *start = value + 1 - scan->line;
  *length = value_end - value - 2;
}

/* A count: digits only (JSON.stringify writes integers so). */
static guint64
read_count (Scan       *scan,
            const char *value,
            const char *value_end)
{
  guint64 n = 0;

  if (value_end - value == 4 && memcmp (value, "null", 4) == 0)
    return 0;
  if (value >= value_end || value_end - value > 19)
    {
      scan->facts->bad_number = TRUE;
      return 0;
    }
  for (const char *p = value; p < value_end; p++)
    {
      if (!g_ascii_isdigit (*p))
        {
          scan->facts->bad_number = TRUE;
          return 0;
        }
      n = n * 10 + (*p - '0');
    }
  if (n > CAIRN_USAGE_MAX_TOKENS)
    {
      scan->facts->bad_number = TRUE;
      return 0;
    }
  return n;
}

static void
note_cache_creation_key (const char *key,
                         gsize       key_length,
                         const char *value,
                         const char *value_end,
                         gpointer    data)
{
  if (key_is (key, key_length, "ephemeral_1h_input_tokens"))
    ((Scan *)data)->facts->cache_write_1h = read_count (data, value, value_end);
}

static void
note_usage_key (const char *key,
                gsize       key_length,
                const char *value,
                const char *value_end,
                gpointer    data)
{
  Scan *scan = data;
  CairnUsageFacts *facts = scan->facts;

  if (key_is (key, key_length, "input_tokens"))
    {
      facts->input = read_count (scan, value, value_end);
      facts->has_input = TRUE;
    }
  else if (key_is (key, key_length, "output_tokens"))
    {
      facts->output = read_count (scan, value, value_end);
      facts->has_output = TRUE;
    }
  else if (key_is (key, key_length, "cache_creation_input_tokens"))
    facts->cache_write = read_count (scan, value, value_end);
  else if (key_is (key, key_length, "cache_read_input_tokens"))
    facts->cache_read = read_count (scan, value, value_end);
  else if (key_is (key, key_length, "cache_creation") && value < value_end && *value == '{')
    cairn_history_scan_object (value, value_end, note_cache_creation_key, scan);
}

static void
note_message_key (const char *key,
                  gsize       key_length,
                  const char *value,
                  const char *value_end,
                  gpointer    data)
{
  Scan *scan = data;
  CairnUsageFacts *facts = scan->facts;

  if (key_is (key, key_length, "id"))
    keep_string (scan, value, value_end, &facts->message_id_start, &facts->message_id_length);
  else if (key_is (key, key_length, "model"))
    keep_string (scan, value, value_end, &facts->model_start, &facts->model_length);
  else if (key_is (key, key_length, "usage") && value < value_end && *value == '{')
    facts->has_usage = cairn_history_scan_object (value, value_end, note_usage_key, scan);
}

/* costUSD: what older CLIs wrote of the request's cost. */
static void
read_cost (Scan       *scan,
           const char *value,
           const char *value_end)
{
  char buffer[32];
  char *end = NULL;
  double cost;

  if (value_end - value <= 0 || value_end - value >= (gssize)sizeof buffer)
    return;
  memcpy (buffer, value, value_end - value);
  buffer[value_end - value] = '\0';
  cost = g_ascii_strtod (buffer, &end);
  /* a negative or absurd cost is ignored: the tokens are priced instead */
  if (end != NULL && *end == '\0' && cost >= 0 && cost < 1e6)
    scan->facts->cost_usd = cost;
}

static void
note_line_key (const char *key,
               gsize       key_length,
               const char *value,
               const char *value_end,
               gpointer    data)
{
  Scan *scan = data;
  CairnUsageFacts *facts = scan->facts;

  if (key_is (key, key_length, "type"))
    facts->is_assistant = value_end - value == 11 && memcmp (value, "\"assistant\"", 11) == 0;
  else if (key_is (key, key_length, "message") && value < value_end && *value == '{')
    cairn_history_scan_object (value, value_end, note_message_key, scan);
  else if (key_is (key, key_length, "timestamp"))
    facts->bad_time = !is_string (value, value_end) ||
                      !cairn_usage_parse_time (value + 1, value_end - value - 2, &facts->time_us);
  else if (key_is (key, key_length, "requestId"))
    keep_string (scan, value, value_end, &facts->request_id_start, &facts->request_id_length);
  else if (key_is (key, key_length, "sessionId"))
    keep_string (scan, value, value_end, &facts->session_start, &facts->session_length);
  else if (key_is (key, key_length, "cwd"))
    keep_string (scan, value, value_end, &facts->cwd_start, &facts->cwd_length);
  else if (key_is (key, key_length, "costUSD"))
    read_cost (scan, value, value_end);
  else if (key_is (key, key_length, "isSidechain"))
    facts->is_sidechain = value_end - value == 4 && memcmp (value, "true", 4) == 0;
}

/**
 * cairn_usage_scan_line:
 *
 * Reads the usage of one line (without its newline).
 * Returns: whether it holds a reply's usage, none, or a damaged one
 */
CairnUsageLineKind
cairn_usage_scan_line (const char      *line,
                       gsize            length,
                       CairnUsageFacts *facts)
{
  Scan scan = { line, facts };
  gboolean whole;

  memset (facts, 0, sizeof *facts);
  facts->cost_usd = -1;
  facts->bad_time = TRUE;   /* until a timestamp is read */
  whole = cairn_history_scan_object (line, line + length, note_line_key, &scan);
  if (!whole)
    return CAIRN_USAGE_LINE_BAD;
  if (!facts->is_assistant)
    return CAIRN_USAGE_LINE_NONE;
  if (!facts->has_usage || !facts->has_input || !facts->has_output || facts->bad_number || facts->bad_time)
    return CAIRN_USAGE_LINE_BAD;
  facts->cache_write_1h = MIN (facts->cache_write_1h, facts->cache_write);
  return CAIRN_USAGE_LINE_USAGE;
}

/* Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
 * days_from_civil). */
static gint64
days_from_civil (gint64 y,
                 guint  m,
                 guint  d)
{
  gint64 era;
  guint yoe, doy, doe;

  y -= m <= 2;
  era = (y >= 0 ? y : y - 399) / 400;
  yoe = (guint)(y - era * 400);
  doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + (gint64)doe - 719468;
}

static gboolean
digits (const char *p,
        guint       n,
        guint      *value)
{
  *value = 0;
  for (guint i = 0; i < n; i++)
    {
      if (!g_ascii_isdigit (p[i]))
        return FALSE;
      *value = *value * 10 + (p[i] - '0');
    }
  return TRUE;
}

/* The CLI's own form, 2026-11-24T01:19:50.877Z, read without a GDateTime. */
static gboolean
parse_fast (const char *t,
            gsize       length,
            gint64     *time_us)
{
  guint y, mo, d, h, mi, s, ms = 0;

  if ((length != 20 && length != 24) || t[4] != '-' || t[7] != '-' || t[10] != 'T' || t[13] != ':' ||
      t[16] != ':' || t[length - 1] != 'Z')
    return FALSE;
  if (!digits (t, 4, &y) || !digits (t + 5, 2, &mo) || !digits (t + 8, 2, &d) || !digits (t + 11, 2, &h) ||
      !digits (t + 14, 2, &mi) || !digits (t + 17, 2, &s))
    return FALSE;
  if (length == 24 && (t[19] != '.' || !digits (t + 20, 3, &ms)))
    return FALSE;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60)
    return FALSE;
  *time_us = ((days_from_civil (y, mo, d) * 86400 + h * 3600 + mi * 60 + s) * 1000 + ms) * 1000;
  return TRUE;
}

gboolean
cairn_usage_time_valid (gint64 time_us)
{
  return time_us >= CAIRN_USAGE_MIN_TIME_US && time_us < CAIRN_USAGE_MAX_TIME_US;
}

/**
 * cairn_usage_parse_time:
 *
 * Reads an ISO 8601 time: the CLI's form quickly, any other through
 * GDateTime (a time without a zone is UTC). A time outside the years a
 * report can show (cairn_usage_time_valid()) is not read.
 */
gboolean
cairn_usage_parse_time (const char *text,
                        gsize       length,
                        gint64     *time_us)
{
  g_autofree char *copy = NULL;
  g_autoptr(GTimeZone) utc = NULL;
  g_autoptr(GDateTime) time = NULL;

  if (parse_fast (text, length, time_us))
    return cairn_usage_time_valid (*time_us);
  if (length == 0 || length > 64 || memchr (text, '\0', length) != NULL)
    return FALSE;
  copy = g_strndup (text, length);
  utc = g_time_zone_new_utc ();
  time = g_date_time_new_from_iso8601 (copy, utc);
  if (time == NULL)
    return FALSE;
  *time_us = g_date_time_to_unix (time) * G_USEC_PER_SEC + g_date_time_get_microsecond (time);
  return cairn_usage_time_valid (*time_us);
}
