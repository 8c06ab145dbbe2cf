/* cairn-usage-command.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* `cairn --usage REPORT [--json] [--since DAY] [--until DAY] [--breakdown]
 * [--project PATH]`: the figures printed, no window. */
typedef struct
{
  const char *report;      /* daily, weekly, monthly, session or blocks */
  gboolean    json;
  gboolean    breakdown;
  const char *since;       /* YYYY-MM-DD, or NULL */
  const char *until;
  const char *project;     /* a project's folder (a path), or NULL */
  GFile      *projects;    /* the CLI's projects folder; NULL: the user's */
  gboolean    no_index;    /* read every file, keep no index */
  gint64      now_us;      /* for the running block; 0: now */
} CairnUsageCommand;

const GOptionEntry *cairn_usage_command_options (void);
int                 cairn_usage_command_main    (GVariantDict            *options);
int cairn_usage_command_run (const CairnUsageCommand *command,
                             GString                 *out,
                             GString                 *err);

G_END_DECLS
