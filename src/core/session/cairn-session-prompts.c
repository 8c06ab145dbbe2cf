/* cairn-session-prompts.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-session"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "history/cairn-history-branches.h"
#include "history/cairn-history-paths.h"
#include "protocol/cairn-json.h"
#include "protocol/cairn-json-parse.h"
#include "session/cairn-session-private.h"
#include "transcript/cairn-transcript-builder.h"

/* The line of one of the user's prompts in the session file: its uuid
 * (what rewind_files and --resume-session-at name) and its parentUuid
 * (the message before it, where a branch starts). A prompt read back from
 * history knows its uuid; one sent in Cairn does not: the CLI (2.1.330)
 * writes a uuid of its own, whatever the client sends, and prints none.
 * The n-th prompt of that text in the transcript is then the n-th user
 * line of that text in the file that is not a tool result, `isMeta` or
 * `isSidechain`; a new version of an edited prompt is the n-th prompt
 * that answers the same message. The file is read in a thread. */

typedef struct
{
  GFile *file;
  char  *uuid;     /* known: the line is found by it */
  char  *parent;   /* else, for a version of an edited prompt, by the
                    * message it answers and which version it is, */
  char  *text;     /* else by its text, */
  guint  nth;      /* the nth of them */
  gboolean count_siblings;
} Search;

static void
search_free (Search *search)
{
  g_clear_object (&search->file);
  g_free (search->uuid);
  g_free (search->parent);
  g_free (search->text);
  g_free (search);
}

void
_cairn_prompt_line_free (CairnPromptLine *line)
{
  g_free (line->uuid);
  g_free (line->parent_uuid);
  g_free (line);
}

/* The text of a user line that is the user's prompt (not a tool result,
 * not one the CLI made itself), or NULL. */
static char *
prompt_text (JsonObject *line)
{
  JsonObject *message = cairn_json_get_object (line, "message");
  JsonArray *blocks = cairn_json_get_array (message, "content");

  if (g_strcmp0 (cairn_json_get_string (line, "type"), "user") != 0 ||
      cairn_json_get_bool (line, "isMeta", FALSE) || cairn_json_get_bool (line, "isSidechain", FALSE))
    return NULL;
  if (cairn_json_get_string (message, "content") != NULL)
    return g_strdup (cairn_json_get_string (message, "content"));
  for (guint i = 0; blocks != NULL && i < json_array_get_length (blocks); i++)
    if (g_strcmp0 (cairn_json_get_string (cairn_json_array_get_object (blocks, i), "type"), "tool_result") == 0)
      return NULL;
  return blocks ? cairn_transcript_join_text_blocks (blocks) : NULL;
}

static gboolean
is_the_line (Search     *search,
             JsonObject *object,
             guint      *seen)
{
  g_autofree char *text = NULL;

  if (search->uuid != NULL)
    return g_strcmp0 (cairn_json_get_string (object, "uuid"), search->uuid) == 0;
  if ((text = prompt_text (object)) == NULL)
    return FALSE;
  if (search->parent != NULL)
    return g_strcmp0 (cairn_json_get_string (object, "parentUuid"), search->parent) == 0 &&
           (*seen)++ == search->nth;
  if (g_strcmp0 (text, search->text) != 0)
    return FALSE;
  return (*seen)++ == search->nth;
}

/* How many prompts answer @parent: the versions of an edited prompt. A
 * second, quick pass (nothing parsed): they may be before or after it. */
static guint
count_siblings (GFile        *file,
                const char   *parent,
                GCancellable *cancellable)
{
  g_autoptr(GFileInputStream) stream = g_file_read (file, cancellable, NULL);
  g_autoptr(CairnHistoryLines) lines = NULL;
  g_autoptr(GArray) siblings = NULL;

  if (stream == NULL || parent == NULL ||
      (lines = cairn_history_lines_read (G_INPUT_STREAM (stream), cancellable, NULL)) == NULL)
    return 0;
  siblings = cairn_history_branch_siblings (lines, parent);
  return siblings->len;
}

static void
find_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Search *search = task_data;
  g_autoptr(GFileInputStream) stream = g_file_read (search->file, cancellable, NULL);
  g_autoptr(GDataInputStream) lines = stream ? g_data_input_stream_new (G_INPUT_STREAM (stream)) : NULL;
  guint seen = 0;
  char *line;
  gsize length;

  while (lines != NULL && (line = g_data_input_stream_read_line (lines, &length, cancellable, NULL)) != NULL)
    {
      g_autofree char *owned = line;
      g_autoptr(JsonObject) object = NULL;
      CairnPromptLine *found;

      /* most lines are not the user's: not parsed */
      if (strstr (line, "\"type\":\"user\"") == NULL || (object = cairn_json_parse_line (line, length)) == NULL ||
          !is_the_line (search, object, &seen))
        continue;
      found = g_new0 (CairnPromptLine, 1);
      found->uuid = g_strdup (cairn_json_get_string (object, "uuid"));
      found->parent_uuid = g_strdup (cairn_json_get_string (object, "parentUuid"));
      if (search->count_siblings)
        found->n_siblings = count_siblings (search->file, found->parent_uuid, cancellable);
      g_task_return_pointer (task, found, (GDestroyNotify)_cairn_prompt_line_free);
      return;
    }
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                           _("This message is not in the conversation’s file yet"));
}

/* Of the prompts in @transcript with the text of @prompt, the how-many-th
 * @prompt is. */
static guint
ordinal_of (CairnTranscript *transcript,
            CairnTextItem   *prompt)
{
  GListModel *items = G_LIST_MODEL (transcript);
  guint nth = 0;

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(CairnItem) item = g_list_model_get_item (items, i);

      if (item == CAIRN_ITEM (prompt))
        break;
      nth += cairn_item_get_kind (item) == CAIRN_ITEM_KIND_USER &&
             g_strcmp0 (cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)), cairn_text_item_get_text (prompt)) == 0;
    }
  return nth;
}

/* The conversation's session file (where the CLI writes it). */
GFile *
_cairn_session_dup_file (CairnSession *self)
{
  g_autoptr(GFile) folder = NULL;
  g_autofree char *name = NULL;

  if (self->history_file != NULL)
    return g_object_ref (self->history_file);
  folder = cairn_history_project_folder (self->cwd);
  name = g_strdup_printf ("%s.jsonl", self->session_id);
  return g_file_get_child (folder, name);
}

static void
found_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  CairnTextItem *prompt = g_task_get_task_data (task);
  GError *error = NULL;
  CairnPromptLine *line = g_task_propagate_pointer (G_TASK (result), &error);

  if (line == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  cairn_text_item_set_uuid (prompt, line->uuid);   /* found once */
  g_task_return_pointer (task, line, (GDestroyNotify)_cairn_prompt_line_free);
}

/* Finds the line of @prompt, one of the user's prompts in the session's
 * transcript, in the session file; with @count_siblings, also how many
 * prompts answer the same message. */
void
_cairn_session_find_prompt_async (CairnSession        *self,
                                  CairnTextItem       *prompt,
                                  gboolean             count_siblings,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(GTask) finding = NULL;
  Search *search;

  g_task_set_task_data (task, g_object_ref (prompt), g_object_unref);
  if (self->session_id == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                               _("This message is not in the conversation’s file yet"));
      return;
    }
  search = g_new0 (Search, 1);
  search->file = _cairn_session_dup_file (self);
  search->uuid = g_strdup (cairn_text_item_get_uuid (prompt));
  search->text = g_strdup (cairn_text_item_get_text (prompt));
  search->parent = g_strdup (cairn_text_item_get_branch (prompt, &search->nth, NULL));
  if (search->parent == NULL)
    search->nth = ordinal_of (cairn_session_get_transcript (self), prompt);
  search->count_siblings = count_siblings;
  finding = g_task_new (self, cancellable, found_cb, g_steal_pointer (&task));
  g_task_set_task_data (finding, search, (GDestroyNotify)search_free);
  g_task_run_in_thread (finding, find_thread);
}

CairnPromptLine *
_cairn_session_find_prompt_finish (CairnSession  *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
