/* cairn-usage-command.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-usage"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/cairn-history-paths.h"
#include "usage/cairn-usage-command.h"
#include "usage/cairn-usage-format.h"
#include "usage/cairn-usage-report.h"

/* The command line's usage reports. The JSON has the field names of
 * ccusage's --json (daily[].date, inputTokens, …, totals) so that a
 * script written for it reads Cairn's; what Cairn adds (the lines it
 * could not read, the requests without a price) is under "cairn". */

static gboolean
grouping_of (const char         *report,
             CairnUsageGrouping *grouping)
{
  static const struct { const char *name; CairnUsageGrouping grouping; } names[] = {
    { "daily", CAIRN_USAGE_DAILY }, { "weekly", CAIRN_USAGE_WEEKLY }, { "monthly", CAIRN_USAGE_MONTHLY },
    { "session", CAIRN_USAGE_SESSION }, { "blocks", CAIRN_USAGE_DAILY },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (report, names[i].name) == 0)
      {
        *grouping = names[i].grouping;
        return TRUE;
      }
  return FALSE;
}

/* The project folder's name under projects/, from its path. */
static char *
project_folder (const char *path)
{
  g_autofree char *real = realpath (path, NULL);

  return cairn_history_folder_name (real ? real : path);
}

static gboolean
parse_query (const CairnUsageCommand *command,
             CairnUsageQuery         *query,
             GString                 *err)
{
  memset (query, 0, sizeof *query);
  query->week_start = G_DATE_SUNDAY;
  if (!grouping_of (command->report, &query->grouping))
    {
      g_string_append_printf (err, _("Unknown report “%s”: choose daily, weekly, monthly, session or blocks"),
                              command->report ? command->report : "");
      g_string_append_c (err, '\n');
      return FALSE;
    }
  if ((command->since && !cairn_usage_parse_day (command->since, &query->since)) ||
      (command->until && !cairn_usage_parse_day (command->until, &query->until)))
    {
      g_string_append (err, _("A date is written YYYY-MM-DD"));
      g_string_append_c (err, '\n');
      return FALSE;
    }
  return TRUE;
}

/**
 * cairn_usage_command_run:
 *
 * Prints the report to @out (what went wrong to @err).
 * Returns: the exit status
 */
int
cairn_usage_command_run (const CairnUsageCommand *command,
                         GString                 *out,
                         GString                 *err)
{
  g_autoptr(GFile) projects = command->projects ? g_object_ref (command->projects) : cairn_history_projects_dir ();
  g_autofree char *only = command->project ? project_folder (command->project) : NULL;
  CairnUsageLoadOptions options = { only, !command->no_index, NULL, 0 };
  g_autoptr(CairnUsageData) data = NULL;
  gint64 now = command->now_us ? command->now_us : g_get_real_time ();
  CairnUsageQuery query;

  if (!parse_query (command, &query, err))
    return 2;
  data = cairn_usage_data_load (projects, &options, NULL);
  if (g_str_equal (command->report, "blocks"))
    {
      g_autoptr(GPtrArray) blocks = cairn_usage_blocks (data, &query, now);
      if (command->json)
        cairn_usage_format_blocks_json (data, blocks, now, out);
      else
        cairn_usage_format_blocks_table (blocks, now, command->breakdown, out);
    }
  else
    {
      g_autoptr(GPtrArray) rows = cairn_usage_report (data, &query);
      if (command->json)
        cairn_usage_format_json (data, command->report, rows, out);
      else
        cairn_usage_format_table (query.grouping, rows, command->breakdown, out);
    }
  if (!command->json)
    cairn_usage_format_notes (data, out);
  return 0;
}

static const GOptionEntry usage_entries[] = {
  { "usage", 0, 0, G_OPTION_ARG_STRING, NULL,
    N_("Print the tokens and cost of the stored conversations and exit: daily, weekly, monthly, session or blocks"),
    N_("REPORT") },
  { "json", 0, 0, G_OPTION_ARG_NONE, NULL, N_("With --usage: print JSON, with ccusage’s field names") },
  { "since", 0, 0, G_OPTION_ARG_STRING, NULL, N_("With --usage: from this day on"), N_("YYYY-MM-DD") },
  { "until", 0, 0, G_OPTION_ARG_STRING, NULL, N_("With --usage: up to this day"), N_("YYYY-MM-DD") },
  { "breakdown", 0, 0, G_OPTION_ARG_NONE, NULL, N_("With --usage: each model’s figures too") },
  { "project", 0, 0, G_OPTION_ARG_FILENAME, NULL, N_("With --usage: only this project folder"), N_("PATH") },
  { NULL }
};

/**
 * cairn_usage_command_options:
 *
 * Returns: the command line's usage options, for
 *   g_application_add_main_option_entries()
 */
const GOptionEntry *
cairn_usage_command_options (void)
{
  return usage_entries;
}

/**
 * cairn_usage_command_main:
 * @options: the parsed command line
 *
 * Runs --usage when it was given, printing to stdout and stderr.
 * Returns: the exit status, or -1 when there was no --usage
 */
int
cairn_usage_command_main (GVariantDict *options)
{
  CairnUsageCommand command = { NULL };
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) err = g_string_new (NULL);
  int status;

  if (!g_variant_dict_lookup (options, "usage", "&s", &command.report))
    return -1;
  command.json = g_variant_dict_contains (options, "json");
  command.breakdown = g_variant_dict_contains (options, "breakdown");
  g_variant_dict_lookup (options, "since", "&s", &command.since);
  g_variant_dict_lookup (options, "until", "&s", &command.until);
  g_variant_dict_lookup (options, "project", "^&ay", &command.project);
  /* for the benchmarks: a first run's figures */
  command.no_index = g_getenv ("CAIRN_USAGE_NO_INDEX") != NULL;
  status = cairn_usage_command_run (&command, out, err);
  fwrite (out->str, 1, out->len, stdout);
  fwrite (err->str, 1, err->len, stderr);
  fflush (stdout);
  return status;
}
