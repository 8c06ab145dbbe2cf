/* cairn-export.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "export/cairn-export-private.h"
#include "protocol/cairn-util.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"

/* A stored conversation outside Cairn: Markdown (with its images beside
 * it), one self-contained HTML file, or the session file's own lines
 * (the main file only: a subagent's steps are in the Markdown and HTML,
 * its own files are not part of the raw export). Rendered in a thread,
 * written atomically (g_file_replace_contents), never to the file read. */

struct _CairnExport
{
  CairnExportSource source;
  GBytes           *document;
};

gboolean
cairn_export_format_from_name (const char        *name,
                               CairnExportFormat *format)
{
  if (g_strcmp0 (name, "md") == 0 || g_strcmp0 (name, "markdown") == 0)
    *format = CAIRN_EXPORT_MARKDOWN;
  else if (g_strcmp0 (name, "html") == 0)
    *format = CAIRN_EXPORT_HTML;
  else if (g_strcmp0 (name, "jsonl") == 0)
    *format = CAIRN_EXPORT_JSONL;
  else
    return FALSE;
  return TRUE;
}

const char *
cairn_export_format_extension (CairnExportFormat format)
{
  switch (format)
    {
    case CAIRN_EXPORT_HTML: return "html";
    case CAIRN_EXPORT_JSONL: return "jsonl";
    case CAIRN_EXPORT_MARKDOWN:
    default: return "md";
    }
}

/**
 * cairn_export_images_dir_name:
 *
 * Returns: the folder beside @destination that a Markdown export's
 *   images go to: "chat.md" → "chat-images"
 */
char *
cairn_export_images_dir_name (GFile *destination)
{
  g_autofree char *base = g_file_get_basename (destination);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  return g_strconcat (base, "-images", NULL);
}

static void
image_free (CairnExportImage *image)
{
  g_free (image->name);
  g_bytes_unref (image->data);
  g_free (image);
}

/* Returns: (nullable): the image's path relative to the document, or NULL
 * when there is no folder to write it to (standard output) */
char *
_cairn_export_add_image (CairnExportSource *source,
                         GBytes            *data,
                         const char        *extension)
{
  CairnExportImage *image;

  if (source->images_dir == NULL || data == NULL)
    return NULL;
  image = g_new0 (CairnExportImage, 1);
  image->name = g_strdup_printf ("image-%u.%s", source->images->len + 1, extension ? extension : "png");
  image->data = g_bytes_ref (data);
  g_ptr_array_add (source->images, image);
  return g_build_filename (source->images_dir, image->name, NULL);
}

CairnExportSpeaker
_cairn_export_speaker_of (CairnItem *item)
{
  switch (cairn_item_get_kind (item))
    {
    case CAIRN_ITEM_KIND_USER: return CAIRN_EXPORT_USER;
    case CAIRN_ITEM_KIND_ASSISTANT:
    case CAIRN_ITEM_KIND_THINKING:
    case CAIRN_ITEM_KIND_TOOL_CALL: return CAIRN_EXPORT_CLAUDE;
    case CAIRN_ITEM_KIND_RESULT:
    case CAIRN_ITEM_KIND_NOTICE:
    case CAIRN_ITEM_KIND_HOOK:
    case CAIRN_ITEM_KIND_CHANGES:
    case CAIRN_ITEM_KIND_RAW:
    default: return CAIRN_EXPORT_NOBODY;
    }
}

const char *
_cairn_export_speaker_name (CairnExportSpeaker speaker)
{
  /* Translators: who said it, over a turn of an exported conversation */
  return speaker == CAIRN_EXPORT_USER ? _("You") : "Claude";
}

static CairnExportItemFunc
writer_for (const CairnExportWriter *writer,
            CairnItemKind            kind)
{
  switch (kind)
    {
    case CAIRN_ITEM_KIND_USER: return writer->prompt;
    case CAIRN_ITEM_KIND_ASSISTANT: return writer->reply;
    case CAIRN_ITEM_KIND_THINKING: return writer->thinking;
    case CAIRN_ITEM_KIND_TOOL_CALL: return writer->tool_call;
    case CAIRN_ITEM_KIND_RESULT: return writer->result;
    case CAIRN_ITEM_KIND_HOOK: return writer->hook;
    case CAIRN_ITEM_KIND_CHANGES: return writer->changes;
    case CAIRN_ITEM_KIND_NOTICE:
    case CAIRN_ITEM_KIND_RAW:
    default: return writer->notice;
    }
}

/**
 * _cairn_export_walk:
 * @items: (nullable): a subagent's steps, or NULL for the conversation
 *
 * Writes each item, a turn under who said it (a subagent's steps, nested
 * in their call, under no one).
 */
void
_cairn_export_walk (GString                 *out,
                    CairnExportSource       *source,
                    GListModel              *items,
                    const CairnExportWriter *writer)
{
  gboolean top = items == NULL;
  CairnExportSpeaker last = CAIRN_EXPORT_NOBODY;
  guint n = top ? source->items->len : g_list_model_get_n_items (items);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnItem) item = top ? g_object_ref (g_ptr_array_index (source->items, i))
                                      : g_list_model_get_item (items, i);
      CairnExportSpeaker speaker = _cairn_export_speaker_of (item);

      if (top && speaker != CAIRN_EXPORT_NOBODY && speaker != last)
        writer->speaker (out, speaker);
      if (speaker != CAIRN_EXPORT_NOBODY)
        last = speaker;
      writer_for (writer, cairn_item_get_kind (item)) (out, source, item);
    }
}

static const char *
status_word (CairnToolStatus status)
{
  switch (status)
    {
    case CAIRN_TOOL_STATUS_ERROR: return _("failed");
    case CAIRN_TOOL_STATUS_NOT_RUN: return _("not run");
    case CAIRN_TOOL_STATUS_REFUSED: return _("not allowed");
    case CAIRN_TOOL_STATUS_STOPPED: return _("stopped");
    case CAIRN_TOOL_STATUS_RUNNING:
    case CAIRN_TOOL_STATUS_DONE:
    default: return NULL;
    }
}

/* "Bash: make check — Run the tests": the tool, its card's title and
 * subtitle, then how it ended when it did not end well. */
static char *
tool_summary (CairnItem *item)
{
  CairnToolCallItem *call = CAIRN_TOOL_CALL_ITEM (item);
  const char *name = cairn_tool_call_item_get_name (call);
  const char *title = cairn_tool_call_item_get_title (call);
  const char *subtitle = cairn_tool_call_item_get_subtitle (call);
  const char *status = status_word (cairn_tool_call_item_get_status (call));
  GString *summary = g_string_new (name ? name : "?");

  if (title != NULL && *title != '\0' && g_strcmp0 (title, name) != 0)
    g_string_append_printf (summary, ": %s", title);
  if (subtitle != NULL && *subtitle != '\0')
    g_string_append_printf (summary, " — %s", subtitle);
  if (status != NULL)
    g_string_append_printf (summary, " (%s)", status);
  /* one line: a summary is no place for a newline */
  g_strdelimit (summary->str, "\n\r", ' ');
  return g_string_free (summary, FALSE);
}

/* As its row says it (cairn-thinking-row.c). */
static const char *
non_empty (const char *text)
{
  return text != NULL && *text != '\0' ? text : NULL;
}

/**
 * _cairn_export_tool_parts:
 *
 * Fills @parts from the call's card (free @parts->summary).
 */
void
_cairn_export_tool_parts (CairnItem            *item,
                          CairnExportToolParts *parts)
{
  CairnToolCallItem *call = CAIRN_TOOL_CALL_ITEM (item);
  CairnTranscript *children = cairn_tool_call_item_get_children (call);
  /* a shell command as the card shows it, whole */
  const char *command = non_empty (cairn_tool_call_item_get_command (call));
  const char *diff = non_empty (cairn_tool_call_item_get_diff (call));

  memset (parts, 0, sizeof *parts);
  parts->summary = tool_summary (item);
  parts->code = diff ? diff : command ? command : non_empty (cairn_tool_call_item_get_input_text (call));
  parts->lang = diff ? "diff" : command ? "sh" : "json";
  if (children != NULL && g_list_model_get_n_items (G_LIST_MODEL (children)) > 0)
    parts->children = G_LIST_MODEL (children);
  parts->output = non_empty (cairn_tool_call_item_get_output (call));
  parts->result = parts->output ? NULL : non_empty (cairn_tool_call_item_get_summary (call));
  parts->failed = cairn_tool_call_item_get_status (call) == CAIRN_TOOL_STATUS_ERROR;
}

char *
_cairn_export_thinking_summary (CairnItem *item)
{
  gint64 ms = cairn_text_item_get_duration_ms (CAIRN_TEXT_ITEM (item));
  g_autofree char *duration = NULL;

  if (ms < 1000)
    return g_strdup (_("Thought briefly"));
  duration = cairn_format_duration (ms);
  /* Translators: how long Claude thought, e.g. "Thought for 4.2 s" */
  return g_strdup_printf (_("Thought for %s"), duration);
}

/* The line under the title: where, which conversation, from what. */
char *
_cairn_export_about (CairnExportSource *source)
{
  /* Translators: under an exported conversation's title: its project
   * folder and its id */
  return g_strdup_printf (_("Project: %s · Conversation: %s · Exported from Cairn"),
                          source->cwd ? source->cwd : "?", source->session_id);
}

static GBytes *
read_raw (GFile         *conversation,
          GCancellable  *cancellable,
          GError       **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!g_file_load_contents (conversation, cancellable, &contents, &length, NULL, error))
    return NULL;
  return g_bytes_new_take (g_steal_pointer (&contents), length);
}

/**
 * cairn_export_render:
 * @conversation: its session file
 * @images_dir: (nullable): for Markdown, the folder's name beside the
 *   document that its images go to (cairn_export_images_dir_name()); NULL
 *   leaves them out, with a word where each was
 *
 * Blocking: call it in a thread, or from the command line.
 */
CairnExport *
cairn_export_render (GFile              *conversation,
                     CairnExportFormat   format,
                     const char         *images_dir,
                     GCancellable       *cancellable,
                     GError            **error)
{
  g_autoptr(CairnExport) self = g_new0 (CairnExport, 1);
  GString *out;

  g_return_val_if_fail (G_IS_FILE (conversation), NULL);

  self->source.images_dir = images_dir;
  if (format == CAIRN_EXPORT_JSONL)
    {
      /* byte for byte, read whole: the raw export is the file itself */
      self->document = read_raw (conversation, cancellable, error);
      self->source.images = g_ptr_array_new ();
      return self->document ? g_steal_pointer (&self) : NULL;
    }
  if (!_cairn_export_read (&self->source, conversation, cancellable, error))
    return NULL;
  g_ptr_array_set_free_func (self->source.images, (GDestroyNotify)image_free);
  out = format == CAIRN_EXPORT_HTML ? _cairn_export_html (&self->source) : _cairn_export_markdown (&self->source);
  self->document = g_string_free_to_bytes (out);
  self->source.images_dir = NULL;
  return g_steal_pointer (&self);
}

GBytes *
cairn_export_get_document (CairnExport *self)
{
  return self->document;
}

/**
 * cairn_export_get_images:
 *
 * Returns: (element-type CairnExportImage) (transfer none): the images a
 *   Markdown document refers to, for its images folder
 */
GPtrArray *
cairn_export_get_images (CairnExport *self)
{
  return self->source.images;
}

void
cairn_export_free (CairnExport *self)
{
  _cairn_export_source_clear (&self->source);
  g_clear_pointer (&self->document, g_bytes_unref);
  g_free (self);
}

static gboolean
replace (GFile         *file,
         GBytes        *bytes,
         GCancellable  *cancellable,
         GError       **error)
{
  return g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, FALSE,
                                  G_FILE_CREATE_NONE, NULL, cancellable, error);
}

/* The images first: a document is never there without them. */
static gboolean
write_images (CairnExport   *self,
              GFile         *destination,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr(GFile) parent = g_file_get_parent (destination);
  g_autofree char *name = cairn_export_images_dir_name (destination);
  g_autoptr(GFile) folder = g_file_get_child (parent, name);
  g_autoptr(GError) local_error = NULL;

  if (self->source.images->len == 0)
    return TRUE;
  if (!g_file_make_directory (folder, cancellable, &local_error) &&
      !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  for (guint i = 0; i < self->source.images->len; i++)
    {
      CairnExportImage *image = g_ptr_array_index (self->source.images, i);
      g_autoptr(GFile) file = g_file_get_child (folder, image->name);

      if (!replace (file, image->data, cancellable, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * cairn_export_write:
 *
 * Writes the document to @destination, atomically, and a Markdown
 * export's images into the folder beside it (blocking).
 */
gboolean
cairn_export_write (CairnExport   *self,
                    GFile         *destination,
                    GCancellable  *cancellable,
                    GError       **error)
{
  return write_images (self, destination, cancellable, error) &&
         replace (destination, self->document, cancellable, error);
}

typedef struct
{
  GFile             *conversation;
  GFile             *destination;
  CairnExportFormat  format;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_clear_object (&data->conversation);
  g_clear_object (&data->destination);
  g_free (data);
}

static void
save_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  SaveData *data = task_data;
  g_autofree char *images_dir = cairn_export_images_dir_name (data->destination);
  g_autoptr(CairnExport) export = NULL;
  GError *error = NULL;

  if (g_file_equal (data->conversation, data->destination))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_EXISTS, "%s",
                               _("A conversation cannot be exported onto its own file"));
      return;
    }
  export = cairn_export_render (data->conversation, data->format, images_dir, cancellable, &error);
  if (export == NULL || !cairn_export_write (export, data->destination, cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * cairn_export_save_async:
 * @conversation: its session file
 * @destination: the file to write (replaced atomically)
 *
 * Renders and writes the export in a thread: the main loop never waits
 * on the conversation's file, however large.
 */
void
cairn_export_save_async (GFile               *conversation,
                         CairnExportFormat    format,
                         GFile               *destination,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  SaveData *data = g_new0 (SaveData, 1);

  g_return_if_fail (G_IS_FILE (conversation));
  g_return_if_fail (G_IS_FILE (destination));

  data->conversation = g_object_ref (conversation);
  data->destination = g_object_ref (destination);
  data->format = format;
  g_task_set_source_tag (task, cairn_export_save_async);
  g_task_set_task_data (task, data, (GDestroyNotify)save_data_free);
  g_task_run_in_thread (task, save_thread);
}

gboolean
cairn_export_save_finish (GAsyncResult  *result,
                          GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
