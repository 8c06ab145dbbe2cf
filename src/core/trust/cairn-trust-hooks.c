/* cairn-trust-hooks.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust"

#include "config.h"

#include "trust/cairn-trust-folder.h"
#include "trust/cairn-trust-hooks.h"

/* Which command a hook run the CLI reports was: its hook_started and
 * hook_response lines name the event and what the matcher matched
 * ("PreToolUse:Bash", "SessionStart:startup"), never the command
 * (docs/protocol.md, "Hooks"). The folder's settings, read as the trust
 * check reads them, say which commands that event and matcher run. */

/* The folder's settings files off the main loop (they are the project's:
 * capped, never followed blindly, as for the trust check). */
void
cairn_trust_hooks_read_async (const char          *folder,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  cairn_trust_folder_run_async (folder, cairn_trust_folder_read, cairn_trust_hooks_read_async,
                                cancellable, callback, user_data);
}

CairnTrustReport *
cairn_trust_hooks_read_finish (GAsyncResult  *result,
                               GError       **error)
{
  return cairn_trust_folder_run_finish (result, error);
}

static gboolean
is_plain_list (const char *matcher)
{
  for (const char *c = matcher; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && *c != '_' && *c != '-' && *c != '|')
      return FALSE;
  return TRUE;
}

/**
 * cairn_trust_hooks_matcher_matches:
 * @matcher: (nullable): a hook group's "matcher"
 * @target: (nullable): what the CLI matched it against (a tool's name, a
 *   SessionStart's source), or %NULL for an event that has none
 *
 * The CLI's rule: none, "" or "*" match everything; names joined by "|"
 * match each name exactly; anything else is a regular expression that
 * must match the whole target.
 */
gboolean
cairn_trust_hooks_matcher_matches (const char *matcher,
                                   const char *target)
{
  g_auto(GStrv) names = NULL;
  g_autofree char *anchored = NULL;

  if (matcher == NULL || *matcher == '\0' || g_str_equal (matcher, "*"))
    return TRUE;
  if (target == NULL)
    return FALSE;
  if (is_plain_list (matcher))
    {
      names = g_strsplit (matcher, "|", -1);
      return g_strv_contains ((const char * const *)names, target);
    }
  anchored = g_strdup_printf ("^(?:%s)$", matcher);
  return g_regex_match_simple (anchored, target, G_REGEX_NO_AUTO_CAPTURE, 0);
}

/* An entry's name is "Event" or "Event (matcher)" (cairn-trust-settings.c). */
static gboolean
entry_matches (const CairnTrustEntry *entry,
               const char            *event,
               const char            *target)
{
  gsize length = strlen (event);
  g_autofree char *matcher = NULL;

  if (entry->kind != CAIRN_TRUST_KIND_HOOK || entry->name == NULL ||
      strncmp (entry->name, event, length) != 0)
    return FALSE;
  if (entry->name[length] == '\0')
    return TRUE;
  if (!g_str_has_prefix (entry->name + length, " (") || !g_str_has_suffix (entry->name, ")"))
    return FALSE;
  matcher = g_strndup (entry->name + length + 2, strlen (entry->name) - length - 3);
  return cairn_trust_hooks_matcher_matches (matcher, target);
}

/**
 * cairn_trust_hooks_dup_command:
 * @hook_name: the CLI's name of a run: "Event" or "Event:target"
 *
 * Returns: (nullable): the commands the settings give that event and
 *   target, one a line, or %NULL when they name none
 */
char *
cairn_trust_hooks_dup_command (CairnTrustReport *report,
                               const char       *hook_name)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GString) commands = g_string_new (NULL);

  g_return_val_if_fail (CAIRN_IS_TRUST_REPORT (report), NULL);

  if (hook_name == NULL)
    return NULL;
  parts = g_strsplit (hook_name, ":", 2);
  for (guint i = 0; i < cairn_trust_report_get_n_entries (report); i++)
    {
      const CairnTrustEntry *entry = cairn_trust_report_get_entry (report, i);

      if (entry->detail != NULL && entry_matches (entry, parts[0], parts[1]))
        g_string_append_printf (commands, "%s%s", commands->len > 0 ? "\n" : "", entry->detail);
    }
  return commands->len > 0 ? g_string_free (g_steal_pointer (&commands), FALSE) : NULL;
}
