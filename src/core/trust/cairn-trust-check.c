/* cairn-trust-check.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust"

#include "config.h"

#include "trust/cairn-trust-check.h"
#include "trust/cairn-trust-folder.h"
#include "trust/cairn-trust-memory.h"
#include "trust/cairn-trust-record.h"

/* Whether a folder may have a CLI started in it (docs/trust.md, "The
 * gate"): one with nothing to run may; one the CLI's record trusts may,
 * unless it runs something new since Cairn last saw it trusted; any other
 * must be trusted by the user first. The answer is the report to show, or
 * none when the folder is clear. */

/* What the user trusted in this run of Cairn: the home folder's Trust
 * holds for this run only, as the CLI's does for one session. */
static GMutex session_lock;
static GHashTable *session_trusted;

static gboolean
is_session_trusted (const char *real_folder)
{
  gboolean trusted;

  g_mutex_lock (&session_lock);
  trusted = session_trusted != NULL && g_hash_table_contains (session_trusted, real_folder);
  g_mutex_unlock (&session_lock);
  return trusted;
}

static void
trust_for_session (const char *real_folder)
{
  g_mutex_lock (&session_lock);
  if (session_trusted == NULL)
    session_trusted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (session_trusted, g_strdup (real_folder));
  g_mutex_unlock (&session_lock);
}

/* A folder without any of the files is clear without a thread: the
 * common case (and every test folder) starts at once. */
gboolean
cairn_trust_check_is_clear_fast (const char *folder)
{
  g_return_val_if_fail (folder != NULL, FALSE);
  return !cairn_trust_folder_has_files (folder);
}

static gboolean
record_trusts (CairnTrustReport *report)
{
  const char *folder = cairn_trust_report_get_folder (report);
  g_autoptr(GError) error = NULL;
  gboolean trusted = FALSE;

  /* trusted in this run: the home folder (never recorded), or a folder
   * whose record the CLI is told to ignore (CLAUDE_CODE_IGNORE_PERSISTED_TRUST) */
  if (is_session_trusted (folder))
    return TRUE;
  if (!cairn_trust_record_lookup (folder, &trusted, &error))
    {
      g_autofree char *config = cairn_trust_record_config_path ();

      /* a damaged config trusts nothing, and says so on the page */
      cairn_trust_report_add (report, CAIRN_TRUST_KIND_PROBLEM, config, config, error->message);
      return FALSE;
    }
  return trusted;
}

static void
remember (CairnTrustReport *report,
          char            **known)
{
  g_auto(GStrv) now = cairn_trust_report_dup_fingerprint (report);

  if (known == NULL || !g_strv_equal ((const char * const *) now, (const char * const *) known))
    cairn_trust_memory_save (report, NULL);
}

/**
 * cairn_trust_check:
 *
 * Blocks (files): cairn_trust_check_async() runs it in a thread.
 *
 * Returns: (transfer full) (nullable): what to ask the user about, or
 *   %NULL when the folder is clear (or with an error)
 */
CairnTrustReport *
cairn_trust_check (const char  *folder,
                   GError     **error)
{
  g_autoptr(CairnTrustReport) report = cairn_trust_folder_read (folder, error);
  g_auto(GStrv) known = NULL;

  if (report == NULL || cairn_trust_report_get_n_entries (report) == 0)
    return NULL;
  known = cairn_trust_memory_load (cairn_trust_report_get_folder (report));
  if (record_trusts (report))
    {
      if (known != NULL)
        cairn_trust_report_mark_new (report, (const char * const *) known);
      if (cairn_trust_report_get_n_new (report) > 0)
        return g_steal_pointer (&report);
      /* trusted in a terminal, or as it was (less, maybe): remembered as
       * it is now */
      remember (report, known);
      return NULL;
    }
  if (known != NULL)
    cairn_trust_report_mark_new (report, (const char * const *) known);
  return g_steal_pointer (&report);
}

void
cairn_trust_check_async (const char          *folder,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  cairn_trust_folder_run_async (folder, cairn_trust_check, cairn_trust_check_async,
                                cancellable, callback, user_data);
}

CairnTrustReport *
cairn_trust_check_finish (GAsyncResult  *result,
                          GError       **error)
{
  return cairn_trust_folder_run_finish (result, error);
}

/**
 * cairn_trust_grant:
 *
 * The user trusted the folder as @report shows it: recorded where the CLI
 * keeps it (the home folder: for this run only), and remembered by Cairn.
 * Blocks: cairn_trust_grant_async() runs it in a thread.
 */
gboolean
cairn_trust_grant (CairnTrustReport  *report,
                   GError           **error)
{
  const char *folder = cairn_trust_report_get_folder (report);

  if (!cairn_trust_record_is_home (folder) && !cairn_trust_record_write (folder, error))
    return FALSE;
  trust_for_session (folder);
  return cairn_trust_memory_save (report, error);
}

static void
grant_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;

  if (cairn_trust_grant (task_data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
cairn_trust_grant_async (CairnTrustReport    *report,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, cairn_trust_grant_async);
  g_task_set_task_data (task, g_object_ref (report), g_object_unref);
  g_task_run_in_thread (task, grant_thread);
}

gboolean
cairn_trust_grant_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
