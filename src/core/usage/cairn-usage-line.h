/* cairn-usage-line.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A reply's count above this is no real count (a request's whole context
 * is a few million tokens at most): the line is damaged. */
#define CAIRN_USAGE_MAX_TOKENS G_GUINT64_CONSTANT (1000000000)

/* A request's time is within 0001-01-02 and 9999-12-30 (UTC): in any
 * time zone its day then has a year of four digits, which the report's
 * day numbers and GDate's weeks need. A time outside is a damaged line. */
#define CAIRN_USAGE_MIN_TIME_US (G_GINT64_CONSTANT (-62135510400) * G_USEC_PER_SEC)
#define CAIRN_USAGE_MAX_TIME_US (G_GINT64_CONSTANT (253402128000) * G_USEC_PER_SEC)

typedef enum
{
  CAIRN_USAGE_LINE_NONE,   /* no reply's usage: a prompt, a tool result, a title… */
  CAIRN_USAGE_LINE_USAGE,  /* a reply's usage, in the facts */
  CAIRN_USAGE_LINE_BAD,    /* a reply whose usage can't be read (damaged, negative, huge, undated) */
} CairnUsageLineKind;

/* What one assistant line says of its API request: byte ranges into the
 * line for the strings (length 0 when absent), the counts as numbers. */
typedef struct
{
  gint64   time_us;            /* timestamp, µs since the epoch (UTC) */
  guint64  input;
  guint64  output;
  guint64  cache_write;        /* cache_creation_input_tokens */
  guint64  cache_write_1h;     /* of it, cache_creation.ephemeral_1h_input_tokens */
  guint64  cache_read;
  double   cost_usd;           /* costUSD, or < 0 when the line has none */
  guint32  model_start, model_length;
  guint32  message_id_start, message_id_length;
  guint32  request_id_start, request_id_length;
  guint32  session_start, session_length;
  guint32  cwd_start, cwd_length;
  guint    is_assistant : 1;
  guint    is_sidechain : 1;
  guint    has_usage : 1;
  guint    has_input : 1;
  guint    has_output : 1;
  guint    bad_number : 1;     /* a count negative, fractional or huge */
  guint    bad_time : 1;
} CairnUsageFacts;

CairnUsageLineKind cairn_usage_scan_line      (const char      *line,
                                               gsize            length,
                                               CairnUsageFacts *facts);
gboolean           cairn_usage_parse_time     (const char      *text,
                                               gsize            length,
                                               gint64          *time_us);
gboolean           cairn_usage_time_valid     (gint64           time_us);

G_END_DECLS
