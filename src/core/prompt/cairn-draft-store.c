/* cairn-draft-store.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-draft-store"

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "attachments/cairn-attachment.h"
#include "prompt/cairn-draft-store.h"
#include "protocol/cairn-json.h"

/* What the user is writing, kept on disk as they type, so a crash, a kill
 * or a restart loses nothing: one folder per conversation under
 * $XDG_STATE_HOME/cairn/drafts, named by a hash of the conversation's key
 * (its session id, or "new:" and the project folder before it has one),
 * holding draft.json ({"key", "text", "images": [file names]}) and the
 * attached images, each named by a hash of its bytes so an image already
 * written is not written again. An empty draft removes its folder.
 *
 * Writing waits until typing pauses (CAIRN_DRAFT_STORE_DELAY_MS), then
 * happens on one worker thread, so writes of a key never overtake each
 * other and the main loop never waits on the disk. */

struct _CairnDraftStore
{
  GObject      parent_instance;

  char        *dir;
  GHashTable  *pending;   /* draft->key → Draft, not yet handed to the writer */
  guint        delay_source;
  GThreadPool *writer;
};

G_DEFINE_FINAL_TYPE (CairnDraftStore, cairn_draft_store, G_TYPE_OBJECT)

typedef struct
{
  char      *folder;
  char      *key;
  char      *text;
  GPtrArray *images;      /* GBytes */
  GPtrArray *extensions;  /* char*, beside images */
} Draft;

static void
draft_free (Draft *draft)
{
  g_free (draft->folder);
  g_free (draft->key);
  g_free (draft->text);
  g_ptr_array_unref (draft->images);
  g_ptr_array_unref (draft->extensions);
  g_free (draft);
}

static char *
folder_for (CairnDraftStore *self,
            const char      *key)
{
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA1, key, -1);

  return g_build_filename (self->dir, hash, NULL);
}

static char *
image_name (GBytes     *bytes,
            const char *extension)
{
  g_autofree char *hash = g_compute_checksum_for_bytes (G_CHECKSUM_SHA1, bytes);

  return g_strdup_printf ("%s.%s", hash, extension ? extension : "png");
}

/* Removes the files of @folder not named in @keep (NULL: all, and the
 * folder itself). */
static void
prune_folder (const char  *folder,
              GHashTable  *keep)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      if (keep == NULL || !g_hash_table_contains (keep, name))
        g_unlink (path);
    }
  if (keep == NULL)
    g_rmdir (folder);
}

static char *
draft_to_json (Draft      *draft,
               GHashTable *names)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "key");
  json_builder_add_string_value (builder, draft->key);
  json_builder_set_member_name (builder, "text");
  json_builder_add_string_value (builder, draft->text);
  json_builder_set_member_name (builder, "images");
  json_builder_begin_array (builder);
  for (guint i = 0; i < draft->images->len; i++)
    {
      g_autofree char *name = image_name (draft->images->pdata[i], draft->extensions->pdata[i]);
      g_hash_table_add (names, g_strdup (name));
      json_builder_add_string_value (builder, name);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return json_to_string (root, FALSE);
}

static void
write_draft (gpointer data,
             gpointer user_data)
{
  Draft *draft = data;
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *json = NULL;
  g_autofree char *json_path = g_build_filename (draft->folder, "draft.json", NULL);
  g_autoptr(GError) error = NULL;

  if (*draft->text == '\0' && draft->images->len == 0)
    {
      prune_folder (draft->folder, NULL);
      draft_free (draft);
      return;
    }
  json = draft_to_json (draft, names);
  g_hash_table_add (names, g_strdup ("draft.json"));
  if (g_mkdir_with_parents (draft->folder, 0700) != 0)
    g_warning ("Could not keep the draft in %s: %s", draft->folder, g_strerror (errno));
  for (guint i = 0; i < draft->images->len; i++)
    {
      g_autofree char *name = image_name (draft->images->pdata[i], draft->extensions->pdata[i]);
      g_autofree char *path = g_build_filename (draft->folder, name, NULL);
      gsize size;
      const char *bytes = g_bytes_get_data (draft->images->pdata[i], &size);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        g_file_set_contents_full (path, bytes, size, G_FILE_SET_CONTENTS_CONSISTENT, 0600, NULL);
    }
  /* the text last: it names the images, which are there by now */
  if (!g_file_set_contents_full (json_path, json, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    g_warning ("Could not keep the draft: %s", error->message);
  prune_folder (draft->folder, names);
  draft_free (draft);
}

static void
hand_over_pending (CairnDraftStore *self)
{
  GHashTableIter iter;
  gpointer draft;

  g_hash_table_iter_init (&iter, self->pending);
  while (g_hash_table_iter_next (&iter, NULL, &draft))
    {
      g_thread_pool_push (self->writer, draft, NULL);
      g_hash_table_iter_steal (&iter);
    }
}

static gboolean
delay_cb (gpointer user_data)
{
  CairnDraftStore *self = user_data;

  self->delay_source = 0;
  hand_over_pending (self);
  return G_SOURCE_REMOVE;
}

/**
 * cairn_draft_store_save:
 * @attachments: (element-type CairnAttachment) (nullable): the images
 *   attached to the draft
 *
 * Keeps @text and @attachments as the draft of @key, written once typing
 * pauses. An empty text without images forgets the draft.
 */
void
cairn_draft_store_save (CairnDraftStore *self,
                        const char      *key,
                        const char      *text,
                        GPtrArray       *attachments)
{
  Draft *draft;

  g_return_if_fail (CAIRN_IS_DRAFT_STORE (self));
  g_return_if_fail (key != NULL);

  draft = g_new0 (Draft, 1);
  draft->folder = folder_for (self, key);
  draft->key = g_strdup (key);
  draft->text = g_strdup (text ? text : "");
  draft->images = g_ptr_array_new_with_free_func ((GDestroyNotify)g_bytes_unref);
  draft->extensions = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; attachments != NULL && i < attachments->len; i++)
    {
      CairnAttachment *attachment = attachments->pdata[i];
      g_ptr_array_add (draft->images, g_bytes_ref (cairn_attachment_get_data (attachment)));
      g_ptr_array_add (draft->extensions, g_strdup (cairn_attachment_get_extension (attachment)));
    }
  /* the key is the draft's own: it goes with the draft to the writer */
  g_hash_table_replace (self->pending, draft->key, draft);
  if (self->delay_source == 0)
    self->delay_source = g_timeout_add (CAIRN_DRAFT_STORE_DELAY_MS, delay_cb, self);
}

/**
 * cairn_draft_store_flush:
 *
 * Writes what is waiting now and returns once it is on disk (a few small
 * files: for quitting, and for tests).
 */
void
cairn_draft_store_flush (CairnDraftStore *self)
{
  g_return_if_fail (CAIRN_IS_DRAFT_STORE (self));

  g_clear_handle_id (&self->delay_source, g_source_remove);
  hand_over_pending (self);
  g_thread_pool_free (self->writer, FALSE, TRUE);
  self->writer = g_thread_pool_new (write_draft, NULL, 1, FALSE, NULL);
}

typedef struct
{
  char      *text;
  GPtrArray *files;
} Loaded;

static void
loaded_free (Loaded *loaded)
{
  g_free (loaded->text);
  g_clear_pointer (&loaded->files, g_ptr_array_unref);
  g_free (loaded);
}

static void
load_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  const char *folder = task_data;
  g_autofree char *path = g_build_filename (folder, "draft.json", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;
  JsonArray *images;
  Loaded *loaded = g_new0 (Loaded, 1);
  gsize length;

  loaded->files = g_ptr_array_new_with_free_func (g_object_unref);
  /* no draft, or one that can't be read: an empty composer, nothing lost
   * that a user could still get back */
  if (!g_file_get_contents (path, &contents, &length, NULL) ||
      !json_parser_load_from_data (parser, contents, length, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_task_return_pointer (task, loaded, (GDestroyNotify)loaded_free);
      return;
    }
  root = json_node_get_object (json_parser_get_root (parser));
  loaded->text = g_strdup (cairn_json_get_string (root, "text"));
  images = cairn_json_get_array (root, "images");
  for (guint i = 0; images != NULL && i < json_array_get_length (images); i++)
    {
      const char *name = cairn_json_array_get_string (images, i);
      g_autofree char *image = name && !strchr (name, '/') ? g_build_filename (folder, name, NULL) : NULL;

      if (image != NULL && g_file_test (image, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (loaded->files, g_file_new_for_path (image));
    }
  g_task_return_pointer (task, loaded, (GDestroyNotify)loaded_free);
}

/**
 * cairn_draft_store_load_async:
 *
 * Reads the draft of @key, as last written (a draft still waiting to be
 * written is taken from memory, so it is never older than what was typed).
 */
void
cairn_draft_store_load_async (CairnDraftStore     *self,
                              const char          *key,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (CAIRN_IS_DRAFT_STORE (self));
  g_return_if_fail (key != NULL);

  /* what is waiting is written first, so the thread reads it */
  if (g_hash_table_contains (self->pending, key))
    cairn_draft_store_flush (self);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, cairn_draft_store_load_async);
  g_task_set_task_data (task, folder_for (self, key), g_free);
  g_task_run_in_thread (task, load_in_thread);
}

/**
 * cairn_draft_store_load_finish:
 * @text: (out) (transfer full) (nullable): the text, %NULL without a draft
 * @image_files: (out) (transfer full) (element-type GFile): its images
 */
gboolean
cairn_draft_store_load_finish (CairnDraftStore  *self,
                               GAsyncResult     *result,
                               char            **text,
                               GPtrArray       **image_files,
                               GError          **error)
{
  Loaded *loaded;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  loaded = g_task_propagate_pointer (G_TASK (result), error);
  if (loaded == NULL)
    return FALSE;
  *text = g_steal_pointer (&loaded->text);
  *image_files = g_steal_pointer (&loaded->files);
  loaded_free (loaded);
  return TRUE;
}

char *
cairn_draft_store_default_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "cairn", "drafts", NULL);
}

/* The key of a project's conversation that has no session id yet. */
char *
cairn_draft_key_for_new (const char *cwd)
{
  return g_strconcat ("new:", cwd, NULL);
}

static void
cairn_draft_store_finalize (GObject *object)
{
  CairnDraftStore *self = (CairnDraftStore *)object;

  /* nothing typed is dropped on the way out */
  g_clear_handle_id (&self->delay_source, g_source_remove);
  hand_over_pending (self);
  g_thread_pool_free (self->writer, FALSE, TRUE);
  g_hash_table_unref (self->pending);
  g_free (self->dir);

  G_OBJECT_CLASS (cairn_draft_store_parent_class)->finalize (object);
}

static void
cairn_draft_store_class_init (CairnDraftStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_draft_store_finalize;
}

static void
cairn_draft_store_init (CairnDraftStore *self)
{
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)draft_free);
  self->writer = g_thread_pool_new (write_draft, NULL, 1, FALSE, NULL);
}

/**
 * cairn_draft_store_new:
 * @dir: (nullable): where drafts go; %NULL for cairn_draft_store_default_dir()
 */
CairnDraftStore *
cairn_draft_store_new (const char *dir)
{
  CairnDraftStore *self = g_object_new (CAIRN_TYPE_DRAFT_STORE, NULL);

  self->dir = dir ? g_strdup (dir) : cairn_draft_store_default_dir ();
  return self;
}
