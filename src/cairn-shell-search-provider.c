/* cairn-shell-search-provider.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-search-provider"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cairn-shell-search-provider.h"
#include "cairn-shell-search-provider-generated.h"
#include "history/cairn-history-cache.h"
#include "history/cairn-history-paths.h"
#include "search/cairn-search.h"
#include "search/cairn-search-hit.h"

/* Conversations found from GNOME Shell's Activities overview
 * (org.gnome.Shell.SearchProvider2, on the application's own D-Bus
 * connection, as GNOME Text Editor and Nautilus do). A query lists the
 * conversations of every project (the history index: its list cache,
 * then a stat of each file: 1.5 s for 10,000; read when D-Bus starts
 * Cairn for a search, first from the list cache alone (as it was last
 * written: a conversation since gone may show until the whole listing
 * is in), then whole; held since, and read again in the background when
 * older than a few seconds) and answers with those whose title has every
 * term first; meanwhile the full-text search (Ctrl+K's) streams hits, and
 * those found until it ends, MAX_RESULTS are found, or TEXT_BUDGET_MS
 * has passed, follow. The
 * next query answers the one before at once with what it has and stops
 * its search. Metas are plain text: titles, folders and snippets are the
 * user's, never markup. */

#define LISTING_TTL_US (5 * G_USEC_PER_SEC)
#define TEXT_BUDGET_MS 1500
/* the Shell shows five of a provider's results */
#define MAX_RESULTS 10

/* What an identifier stands for. */
typedef struct
{
  char  *title;
  char  *cwd;       /* (nullable) */
  GFile *file;
  char  *snippet;   /* (nullable): a text hit's */
  char  *match;     /* (nullable): the words it found, to show the row */
  guint  nth;       /* which of the rows saying them */
} Result;

typedef struct
{
  gboolean   cached;    /* read from the list cache only: stat nothing */
  GPtrArray *infos;     /* CairnConversationInfo, every project's */
  GPtrArray *folded;    /* their titles, case-folded */
  GPtrArray *folders;   /* GFile: the CLI's project folders */
} Listing;

typedef struct
{
  GDBusMethodInvocation *invocation;
  GStrv                  terms;
  GPtrArray             *ids;
  gint64                 started;
  guint                  timeout_id;
  gboolean               titled;      /* the title results are in */
  gboolean               searching;
} Query;

struct _CairnShellSearchProvider
{
  GObject                parent_instance;

  GtkApplication        *app;   /* (unowned): it owns the provider */
  CairnHistoryIndex     *history;
  CairnNewWindowFunc     new_window;
  CairnSearchProvider2  *skeleton;
  Listing               *listing;
  gint64                 listed_at;
  GHashTable            *by_path;   /* path → CairnConversationInfo, in the listing */
  GHashTable            *results;   /* id → Result */
  CairnSearch           *search;
  Query                 *query;
  GCancellable          *listing_cancellable;
  gboolean               listing_running;
};

G_DEFINE_FINAL_TYPE (CairnShellSearchProvider, cairn_shell_search_provider, G_TYPE_OBJECT)

static void
result_free (Result *result)
{
  g_free (result->title);
  g_free (result->cwd);
  g_clear_object (&result->file);
  g_free (result->snippet);
  g_free (result->match);
  g_free (result);
}

static void
listing_free (Listing *listing)
{
  g_ptr_array_unref (listing->infos);
  g_ptr_array_unref (listing->folded);
  g_ptr_array_unref (listing->folders);
  g_free (listing);
}

static void
query_free (Query *query)
{
  g_clear_handle_id (&query->timeout_id, g_source_remove);
  g_clear_object (&query->invocation);
  g_strfreev (query->terms);
  g_ptr_array_unref (query->ids);
  g_free (query);
}

static char *
fold (const char *text)
{
  g_autofree char *normal = g_utf8_normalize (text ? text : "", -1, G_NORMALIZE_ALL);

  return g_utf8_casefold (normal ? normal : "", -1);
}

/* One line: the Shell shows a title and a description on a line each. */
static char *
one_line (const char *text)
{
  char *line = g_strdup (text ? text : "");

  g_strdelimit (line, "\n\r\t", ' ');
  return g_strstrip (line);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  gint64 x = cairn_conversation_info_get_modified (*(CairnConversationInfo **)a);
  gint64 y = cairn_conversation_info_get_modified (*(CairnConversationInfo **)b);

  return x < y ? 1 : x > y ? -1 : 0;
}

/* What the list cache says of @folder's conversations, as it was when
 * written: no file is looked at. */
static GPtrArray *
cached_infos (GFile *folder)
{
  g_autoptr(CairnHistoryCache) cache = cairn_history_cache_load (folder);

  return cairn_history_cache_get_infos (cache);
}

/* In the thread: every project's conversations, newest first; with
 * @source_object set, from the list cache only. */
static void
list_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  CairnHistoryIndex *history = task_data;
  gboolean cached = source_object != NULL;
  g_autoptr(GFile) root = cairn_history_projects_dir ();
  g_autofree char *root_path = g_file_get_path (root);
  g_autoptr(GDir) dir = g_dir_open (root_path, 0, NULL);
  Listing *listing = g_new0 (Listing, 1);
  const char *name;

  listing->cached = cached;
  listing->infos = g_ptr_array_new_with_free_func (g_object_unref);
  listing->folded = g_ptr_array_new_with_free_func (g_free);
  listing->folders = g_ptr_array_new_with_free_func (g_object_unref);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL && !g_cancellable_is_cancelled (cancellable))
    {
      GFile *folder = g_file_get_child (root, name);
      g_autoptr(GPtrArray) infos = cached ? cached_infos (folder)
                                          : cairn_history_index_list_folder (history, folder, cancellable);

      g_ptr_array_add (listing->folders, folder);
      for (guint i = 0; infos != NULL && i < infos->len; i++)
        g_ptr_array_add (listing->infos, g_object_ref (g_ptr_array_index (infos, i)));
    }
  g_ptr_array_sort (listing->infos, newest_first);
  for (guint i = 0; i < listing->infos->len; i++)
    g_ptr_array_add (listing->folded, fold (cairn_conversation_info_get_title (g_ptr_array_index (listing->infos, i))));
  g_task_return_pointer (task, listing, (GDestroyNotify)listing_free);
}

static void
take_listing (CairnShellSearchProvider *self,
              Listing                  *listing)
{
  g_clear_pointer (&self->listing, listing_free);
  self->listing = listing;
  self->listed_at = g_get_monotonic_time ();
  g_hash_table_remove_all (self->by_path);
  for (guint i = 0; i < listing->infos->len; i++)
    {
      CairnConversationInfo *info = g_ptr_array_index (listing->infos, i);

      g_hash_table_insert (self->by_path, g_file_get_path (cairn_conversation_info_get_file (info)), info);
    }
}

static const char *
add_result (CairnShellSearchProvider *self,
            Query                    *query,
            char                     *id,
            Result                   *result)
{
  g_hash_table_replace (self->results, id, result);
  g_ptr_array_add (query->ids, id);
  return id;
}

static gboolean
title_matches (const char *folded,
               GStrv       terms)
{
  for (guint i = 0; terms[i] != NULL; i++)
    if (strstr (folded, terms[i]) == NULL)
      return FALSE;
  return TRUE;
}

static void
add_title_results (CairnShellSearchProvider *self,
                   Query                    *query)
{
  g_auto(GStrv) folded = g_new0 (char *, g_strv_length (query->terms) + 1);

  for (guint i = 0; query->terms[i] != NULL; i++)
    folded[i] = fold (query->terms[i]);
  for (guint i = 0; i < self->listing->infos->len && query->ids->len < MAX_RESULTS; i++)
    {
      CairnConversationInfo *info = g_ptr_array_index (self->listing->infos, i);
      Result *result;

      if (!title_matches (g_ptr_array_index (self->listing->folded, i), folded))
        continue;
      result = g_new0 (Result, 1);
      result->title = one_line (cairn_conversation_info_get_title (info) ?: cairn_conversation_info_get_session_id (info));
      result->cwd = g_strdup (cairn_conversation_info_get_cwd (info));
      result->file = g_object_ref (cairn_conversation_info_get_file (info));
      add_result (self, query, g_strdup (cairn_conversation_info_get_session_id (info)), result);
    }
  g_debug ("%u title results in %.1f ms", query->ids->len,
           (g_get_monotonic_time () - query->started) / 1000.0);
}

static gboolean
has_result_for (CairnShellSearchProvider *self,
                Query                    *query,
                GFile                    *file)
{
  for (guint i = 0; i < query->ids->len; i++)
    {
      Result *result = g_hash_table_lookup (self->results, g_ptr_array_index (query->ids, i));
      if (result != NULL && g_file_equal (result->file, file))
        return TRUE;
    }
  return FALSE;
}

/* Text hits as they come, one per conversation that no title found. */
static void
add_text_results (CairnShellSearchProvider *self,
                  Query                    *query,
                  guint                     from,
                  guint                     to)
{
  GListModel *hits = cairn_search_get_hits (self->search);

  for (guint i = from; i < to && query->ids->len < MAX_RESULTS; i++)
    {
      g_autoptr(CairnSearchHit) hit = g_list_model_get_item (hits, i);
      GFile *file = cairn_search_hit_get_file (hit);
      g_autofree char *path = g_file_get_path (file);
      CairnConversationInfo *info = g_hash_table_lookup (self->by_path, path);
      const char *snippet = cairn_search_hit_get_snippet (hit);
      Result *result;

      if (has_result_for (self, query, file))
        continue;
      result = g_new0 (Result, 1);
      result->title = one_line (info ? cairn_conversation_info_get_title (info)
                                     : cairn_search_hit_get_session_id (hit));
      result->cwd = info ? g_strdup (cairn_conversation_info_get_cwd (info)) : NULL;
      result->file = g_object_ref (file);
      result->snippet = one_line (snippet);
      result->match = g_strndup (snippet + cairn_search_hit_get_match_start (hit),
                                 cairn_search_hit_get_match_length (hit));
      add_result (self, query, g_strdup_printf ("%s#text", cairn_search_hit_get_session_id (hit)), result);
    }
}

/* Answers the pending query with what it has found. */
static void
finish_query (CairnShellSearchProvider *self)
{
  Query *query = g_steal_pointer (&self->query);

  if (query == NULL)
    return;
  if (query->searching)
    cairn_search_stop (self->search);
  g_ptr_array_add (query->ids, NULL);
  g_dbus_method_invocation_return_value (query->invocation,
                                         g_variant_new ("(^as)", (char **)query->ids->pdata));
  query_free (query);
  g_application_release (G_APPLICATION (self->app));
}

static gboolean
budget_spent_cb (gpointer user_data)
{
  CairnShellSearchProvider *self = user_data;

  self->query->timeout_id = 0;
  finish_query (self);
  return G_SOURCE_REMOVE;
}

/* Enough found: the answer goes now. */
static void
hits_changed_cb (CairnShellSearchProvider *self,
                 guint                     position,
                 guint                     removed,
                 guint                     added)
{
  if (self->query == NULL || !self->query->searching || added == 0)
    return;
  add_text_results (self, self->query, position, position + added);
  if (self->query->ids->len >= MAX_RESULTS)
    finish_query (self);
}

static void
search_running_cb (CairnShellSearchProvider *self)
{
  if (self->query != NULL && self->query->searching && !cairn_search_get_running (self->search))
    finish_query (self);
}

/* Titles first, then the text search. */
static void
search_listing (CairnShellSearchProvider *self)
{
  Query *query = self->query;
  g_autofree char *text = g_strjoinv (" ", query->terms);

  add_title_results (self, query);
  query->titled = TRUE;
  if (query->ids->len >= MAX_RESULTS || self->listing->folders->len == 0)
    {
      finish_query (self);
      return;
    }
  /* (searching only once started: starting stops the search before) */
  cairn_search_start (self->search, text, self->listing->folders);
  query->searching = TRUE;
  query->timeout_id = g_timeout_add (TEXT_BUDGET_MS, budget_spent_cb, self);
}

static void list_projects (CairnShellSearchProvider *self,
                           gboolean                  cached);

/* The list cache's listing answers first (when it knows anything), and
 * the whole one is read behind it. */
static void
listed_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(CairnShellSearchProvider) self = user_data;
  Listing *listing = g_task_propagate_pointer (G_TASK (result), NULL);
  gboolean cached;

  self->listing_running = FALSE;
  if (listing == NULL)
    return;   /* cancelled: the provider is going */
  cached = listing->cached;
  if (cached && listing->infos->len == 0)
    listing_free (listing);
  else
    take_listing (self, listing);
  if (cached)
    list_projects (self, FALSE);
  if (self->listing != NULL && self->query != NULL && !self->query->titled)
    search_listing (self);
}

/* Every project's conversations, read in a thread; a query typed while
 * they are read waits for them. */
static void
list_projects (CairnShellSearchProvider *self,
               gboolean                  cached)
{
  g_autoptr(GTask) task = NULL;

  if (self->listing_running)
    return;
  self->listing_running = TRUE;
  /* (the source object only says "from the cache") */
  task = g_task_new (cached ? self : NULL, self->listing_cancellable, listed_cb, g_object_ref (self));
  g_task_set_task_data (task, g_object_ref (self->history),
                        g_object_unref);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, list_thread);
}

static void
start_query (CairnShellSearchProvider *self,
             GDBusMethodInvocation    *invocation,
             const char * const       *terms)
{
  Query *query;

  finish_query (self);
  query = g_new0 (Query, 1);
  query->invocation = g_object_ref (invocation);
  query->terms = g_strdupv ((char **)terms);
  query->ids = g_ptr_array_new ();
  query->started = g_get_monotonic_time ();
  self->query = query;
  g_application_hold (G_APPLICATION (self->app));
  if (g_hash_table_size (self->results) > 10000)
    g_hash_table_remove_all (self->results);
  if (terms[0] == NULL)
    {
      finish_query (self);
      return;
    }
  /* the list held answers at once; an old one is read again meanwhile,
   * for the next words */
  if (self->listing != NULL)
    {
      if (g_get_monotonic_time () - self->listed_at >= LISTING_TTL_US)
        list_projects (self, FALSE);
      search_listing (self);
      return;
    }
  list_projects (self, TRUE);
}

static gboolean
handle_initial_cb (CairnShellSearchProvider *self,
                   GDBusMethodInvocation    *invocation,
                   const char * const       *terms)
{
  start_query (self, invocation, terms);
  return TRUE;
}

static gboolean
handle_subsearch_cb (CairnShellSearchProvider *self,
                     GDBusMethodInvocation    *invocation,
                     const char * const       *previous,
                     const char * const       *terms)
{
  /* the text search has to run again anyway; titles are cheap */
  start_query (self, invocation, terms);
  return TRUE;
}

/* "~/src/cairn — the snippet" */
static char *
describe (Result *result)
{
  const char *home = g_get_home_dir ();
  g_autofree char *folder = NULL;

  if (result->cwd == NULL)
    folder = g_strdup ("");
  else if (g_str_has_prefix (result->cwd, home) && result->cwd[strlen (home)] == '/')
    folder = g_strconcat ("~", result->cwd + strlen (home), NULL);
  else
    folder = g_strdup (result->cwd);
  if (result->snippet == NULL)
    return g_steal_pointer (&folder);
  return g_strdup_printf ("%s — %s", folder, result->snippet);
}

static gboolean
handle_metas_cb (CairnShellSearchProvider *self,
                 GDBusMethodInvocation    *invocation,
                 const char * const       *ids)
{
  g_autoptr(GIcon) icon = g_themed_icon_new (APP_ID);
  g_autofree char *icon_name = g_icon_to_string (icon);
  GVariantBuilder metas;

  g_variant_builder_init (&metas, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; ids[i] != NULL; i++)
    {
      Result *result = g_hash_table_lookup (self->results, ids[i]);
      g_autofree char *description = NULL;
      GVariantBuilder meta;

      if (result == NULL)
        continue;
      description = describe (result);
      g_variant_builder_init (&meta, G_VARIANT_TYPE ("a{sv}"));
      g_variant_builder_add (&meta, "{sv}", "id", g_variant_new_string (ids[i]));
      g_variant_builder_add (&meta, "{sv}", "name", g_variant_new_string (result->title));
      g_variant_builder_add (&meta, "{sv}", "description", g_variant_new_string (description));
      g_variant_builder_add (&meta, "{sv}", "gicon", g_variant_new_string (icon_name));
      g_variant_builder_add_value (&metas, g_variant_builder_end (&meta));
    }
  g_dbus_method_invocation_return_value (invocation, g_variant_new ("(aa{sv})", &metas));
  return TRUE;
}

/* The window of @folder's project, else one on the start page, else a
 * new one (in that project). */
static CairnWindow *
window_for (CairnShellSearchProvider *self,
            GFile                    *folder)
{
  GList *windows = gtk_application_get_windows (self->app);

  for (GList *l = windows; folder != NULL && l != NULL; l = l->next)
    if (CAIRN_IS_WINDOW (l->data) && cairn_window_get_folder (l->data) != NULL &&
        g_file_equal (cairn_window_get_folder (l->data), folder))
      return l->data;
  for (GList *l = windows; l != NULL; l = l->next)
    if (CAIRN_IS_WINDOW (l->data) && cairn_window_get_folder (l->data) == NULL)
      return l->data;
  return self->new_window (self->app, folder);
}

static gboolean
handle_activate_cb (CairnShellSearchProvider *self,
                    GDBusMethodInvocation    *invocation,
                    const char               *id,
                    const char * const       *terms,
                    guint                     timestamp)
{
  Result *result = g_hash_table_lookup (self->results, id);
  g_autoptr(GFile) folder = NULL;
  CairnWindow *window;

  if (result != NULL)
    {
      folder = result->cwd ? g_file_new_for_path (result->cwd) : NULL;
      window = window_for (self, folder);
      cairn_window_open_at_match (window, result->file, result->match, result->nth);
      gtk_window_present_with_time (GTK_WINDOW (window), timestamp);
    }
  else
    g_message ("GNOME Shell activated a result this run did not find: ignored");
  g_dbus_method_invocation_return_value (invocation, NULL);
  return TRUE;
}

/* Cairn with the search filled in: the sidebar's, over every project, in
 * a window that has a project (the newest conversation's, for a new one). */
static gboolean
handle_launch_cb (CairnShellSearchProvider *self,
                  GDBusMethodInvocation    *invocation,
                  const char * const       *terms,
                  guint                     timestamp)
{
  g_autofree char *text = g_strjoinv (" ", (char **)terms);
  CairnWindow *window = NULL;
  g_autoptr(GFile) folder = NULL;

  for (GList *l = gtk_application_get_windows (self->app); l != NULL && window == NULL; l = l->next)
    if (CAIRN_IS_WINDOW (l->data) && cairn_window_get_folder (l->data) != NULL)
      window = l->data;
  if (window == NULL && self->listing != NULL && self->listing->infos->len > 0)
    folder = g_file_new_for_path (cairn_conversation_info_get_cwd (g_ptr_array_index (self->listing->infos, 0)));
  if (window == NULL)
    window = self->new_window (self->app, folder);
  gtk_window_present_with_time (GTK_WINDOW (window), timestamp);
  cairn_window_search_for (window, text);
  g_dbus_method_invocation_return_value (invocation, NULL);
  return TRUE;
}

static void
cairn_shell_search_provider_dispose (GObject *object)
{
  CairnShellSearchProvider *self = (CairnShellSearchProvider *)object;

  g_cancellable_cancel (self->listing_cancellable);
  g_clear_object (&self->listing_cancellable);
  g_clear_pointer (&self->query, query_free);
  g_clear_object (&self->skeleton);
  g_clear_object (&self->search);
  g_clear_object (&self->history);
  g_clear_pointer (&self->listing, listing_free);
  g_clear_pointer (&self->by_path, g_hash_table_unref);
  g_clear_pointer (&self->results, g_hash_table_unref);

  G_OBJECT_CLASS (cairn_shell_search_provider_parent_class)->dispose (object);
}

static void
cairn_shell_search_provider_class_init (CairnShellSearchProviderClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = cairn_shell_search_provider_dispose;
}

static void
cairn_shell_search_provider_init (CairnShellSearchProvider *self)
{
  self->skeleton = cairn_search_provider2_skeleton_new ();
  self->search = cairn_search_new ();
  self->by_path = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->results = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)result_free);
  self->listing_cancellable = g_cancellable_new ();
  g_signal_connect_object (self->search, "notify::running", G_CALLBACK (search_running_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (cairn_search_get_hits (self->search), "items-changed", G_CALLBACK (hits_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->skeleton, "handle-get-initial-result-set", G_CALLBACK (handle_initial_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->skeleton, "handle-get-subsearch-result-set", G_CALLBACK (handle_subsearch_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->skeleton, "handle-get-result-metas", G_CALLBACK (handle_metas_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->skeleton, "handle-activate-result", G_CALLBACK (handle_activate_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->skeleton, "handle-launch-search", G_CALLBACK (handle_launch_cb),
                           self, G_CONNECT_SWAPPED);
}

CairnShellSearchProvider *
cairn_shell_search_provider_new (GtkApplication     *app,
                                 CairnHistoryIndex  *history,
                                 CairnNewWindowFunc  new_window)
{
  CairnShellSearchProvider *self = g_object_new (CAIRN_TYPE_SHELL_SEARCH_PROVIDER, NULL);

  self->app = app;
  self->history = g_object_ref (history);
  self->new_window = new_window;
  return self;
}

gboolean
cairn_shell_search_provider_export (CairnShellSearchProvider  *self,
                                    GDBusConnection           *connection,
                                    const char                *object_path,
                                    GError                   **error)
{
  g_return_val_if_fail (CAIRN_IS_SHELL_SEARCH_PROVIDER (self), FALSE);

  return g_dbus_interface_skeleton_export (G_DBUS_INTERFACE_SKELETON (self->skeleton), connection,
                                           object_path, error);
}

/**
 * cairn_shell_search_provider_prepare:
 *
 * Reads the projects' conversations now, so that the first words typed
 * find titles at once (for a Cairn that D-Bus started to search).
 */
void
cairn_shell_search_provider_prepare (CairnShellSearchProvider *self)
{
  g_return_if_fail (CAIRN_IS_SHELL_SEARCH_PROVIDER (self));

  if (self->listing == NULL)
    list_projects (self, TRUE);
}

void
cairn_shell_search_provider_unexport (CairnShellSearchProvider *self)
{
  g_return_if_fail (CAIRN_IS_SHELL_SEARCH_PROVIDER (self));

  g_dbus_interface_skeleton_unexport (G_DBUS_INTERFACE_SKELETON (self->skeleton));
}
