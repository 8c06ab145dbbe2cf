/* cairn-attachment-store.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-attachment-store"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "attachments/cairn-attachment-store.h"
#include "protocol/cairn-util.h"

/* Turns what the user attached (files, pasted data) into checked images,
 * and saves them in the project's `.cairn/tmp/images/` so the agent can
 * open them as files too. All file work and decoding runs in GTask threads.
 *
 * `.cairn/` gets a `.gitignore` of `*`, so nothing in it ends up in the
 * user's commits. */
struct _CairnAttachmentStore
{
  GObject  parent_instance;
  char    *project_dir;
};

G_DEFINE_FINAL_TYPE (CairnAttachmentStore, cairn_attachment_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PROJECT_DIR,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

#define MAX_NAME_ATTEMPTS 100
#define MAX_STEM_LENGTH   40

/* What a prepare task works on: a file (path) or data (data). */
typedef struct
{
  char   *path;
  char   *root;
  char   *name;
  GBytes *data;
} PrepareJob;

static void
prepare_job_free (PrepareJob *job)
{
  g_clear_pointer (&job->path, g_free);
  g_clear_pointer (&job->root, g_free);
  g_clear_pointer (&job->name, g_free);
  g_clear_pointer (&job->data, g_bytes_unref);
  g_free (job);
}

static void
cairn_attachment_store_finalize (GObject *object)
{
  CairnAttachmentStore *self = (CairnAttachmentStore *)object;

  g_clear_pointer (&self->project_dir, g_free);

  G_OBJECT_CLASS (cairn_attachment_store_parent_class)->finalize (object);
}

static void
cairn_attachment_store_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  CairnAttachmentStore *self = CAIRN_ATTACHMENT_STORE (object);

  switch (prop_id)
    {
    case PROP_PROJECT_DIR:
      g_value_set_string (value, self->project_dir);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_attachment_store_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  CairnAttachmentStore *self = CAIRN_ATTACHMENT_STORE (object);

  switch (prop_id)
    {
    case PROP_PROJECT_DIR:
      self->project_dir = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_attachment_store_class_init (CairnAttachmentStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_attachment_store_finalize;
  object_class->get_property = cairn_attachment_store_get_property;
  object_class->set_property = cairn_attachment_store_set_property;

  properties [PROP_PROJECT_DIR] =
    g_param_spec_string ("project-dir", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_attachment_store_init (CairnAttachmentStore *self)
{
}

CairnAttachmentStore *
cairn_attachment_store_new (const char *project_dir)
{
  g_return_val_if_fail (project_dir != NULL, NULL);

  return g_object_new (CAIRN_TYPE_ATTACHMENT_STORE, "project-dir", project_dir, NULL);
}

const char *
cairn_attachment_store_get_project_dir (CairnAttachmentStore *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_STORE (self), NULL);
  return self->project_dir;
}

/**
 * cairn_attachment_store_dup_images_dir:
 *
 * Returns: (transfer full): `<project>/.cairn/tmp/images`
 */
char *
cairn_attachment_store_dup_images_dir (CairnAttachmentStore *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_STORE (self), NULL);
  return g_build_filename (self->project_dir, ".cairn", "tmp", "images", NULL);
}

static void
set_unreadable_error (GError     **error,
                      const char  *name,
                      int          saved_errno)
{
  g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_UNREADABLE,
               _("“%s” cannot be read: %s"), name, g_strerror (saved_errno));
}

/* Follows every link in @path. A link must lead to a regular file. */
static char *
resolve_path (const char  *path,
              const char  *name,
              GError     **error)
{
  struct stat st;
  char *real;

  if (lstat (path, &st) != 0)
    {
      set_unreadable_error (error, name, errno);
      return NULL;
    }
  if (S_ISLNK (st.st_mode) && (stat (path, &st) != 0 || !S_ISREG (st.st_mode)))
    {
      g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_NOT_A_FILE,
                   _("“%s” is a link to something that is not a file"), name);
      return NULL;
    }
  /* realpath() allocates with malloc(), which is GLib's allocator too */
  if (!(real = realpath (path, NULL)))
    set_unreadable_error (error, name, errno);
  return real;
}

static gboolean
is_inside (const char *path,
           const char *dir)
{
  gsize length = strlen (dir);

  if (g_str_equal (dir, "/"))
    return TRUE;
  return strncmp (path, dir, length) == 0 && (path[length] == '/' || path[length] == '\0');
}

/* A link in a folder the user chose must not lead out of it: otherwise a
 * downloaded folder could make Cairn send ~/.ssh/id_rsa.png's target. */
static gboolean
check_inside_root (const char  *real_path,
                   const char  *root,
                   const char  *name,
                   GError     **error)
{
  g_autofree char *real_root = realpath (root, NULL);
  g_autofree char *root_name = NULL;

  if (real_root != NULL && is_inside (real_path, real_root))
    return TRUE;
  root_name = g_filename_display_basename (root);
  g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_OUTSIDE_CHOSEN_FOLDER,
               _("“%s” leads to a file outside “%s”, the folder it was chosen from"),
               name, root_name);
  return FALSE;
}

static gboolean
check_regular_file (const struct stat  *st,
                    const char         *name,
                    GError            **error)
{
  g_autofree char *limit = NULL;

  if (S_ISDIR (st->st_mode))
    g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_NOT_A_FILE,
                 _("“%s” is a folder, not an image"), name);
  else if (!S_ISREG (st->st_mode))
    g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_NOT_A_FILE,
                 _("“%s” is not a regular file"), name);
  else if (st->st_size > CAIRN_ATTACHMENT_MAX_FILE_SIZE)
    {
      limit = g_format_size (CAIRN_ATTACHMENT_MAX_FILE_SIZE);
      g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_TOO_LARGE,
                   _("“%s” is larger than %s, the most Cairn will attach"), name, limit);
    }
  else
    return TRUE;
  return FALSE;
}

/* A file handed to the Flatpak from outside what it sees (chosen in the
 * file-chooser portal, dropped from another app) is a document portal path,
 * /run/flatpak/doc/ID/NAME once resolved (/run/user/UID/doc/… on the host).
 * Its FUSE file system refuses every O_NOFOLLOW open with ELOOP, though
 * nothing in it is a link and nothing can plant one there: only there the
 * open follows. */
static gboolean
is_document_portal_path (const char *path)
{
  g_autofree char *host_doc = g_strdup_printf ("/run/user/%u/doc/", (guint)getuid ());

  return g_str_has_prefix (path, "/run/flatpak/doc/") || g_str_has_prefix (path, host_doc);
}

/* O_NONBLOCK so that a FIFO cannot hang the thread before fstat() sees it. */
static int
open_regular_file (const char  *path,
                   const char  *name,
                   gsize       *size,
                   GError     **error)
{
  struct stat st;
  int flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (is_document_portal_path (path) ? 0 : O_NOFOLLOW);
  int fd = g_open (path, flags, 0);

  if (fd < 0)
    {
      set_unreadable_error (error, name, errno);
      return -1;
    }
  if (fstat (fd, &st) != 0)
    set_unreadable_error (error, name, errno);
  else if (check_regular_file (&st, name, error))
    {
      *size = st.st_size;
      return fd;
    }
  close (fd);
  return -1;
}

/* Reads at most one byte past the limit, whatever stat() said: files in
 * /proc claim to be empty, and a file may grow while it is read. */
static GBytes *
read_all (int          fd,
          gsize        size_hint,
          const char  *name,
          GError     **error)
{
  g_autoptr(GByteArray) buffer = g_byte_array_sized_new (MIN (size_hint + 1, 65536));
  gsize want = 65536;

  while (buffer->len <= CAIRN_ATTACHMENT_MAX_FILE_SIZE)
    {
      guint length = buffer->len;
      gssize n;

      g_byte_array_set_size (buffer, length + want);
      n = read (fd, buffer->data + length, want);
      g_byte_array_set_size (buffer, length + MAX (n, 0));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          set_unreadable_error (error, name, errno);
          return NULL;
        }
      if (n == 0)
        break;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&buffer));
}

static GBytes *
read_image_file (const PrepareJob  *job,
                 GError           **error)
{
  g_autofree char *real_path = NULL;
  GBytes *bytes;
  gsize size = 0;
  int fd;

  if (job->path == NULL)
    {
      g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_UNREADABLE,
                   _("“%s” is not a local file; save it in a folder first"), job->name);
      return NULL;
    }
  if (!(real_path = resolve_path (job->path, job->name, error)))
    return NULL;
  if (job->root != NULL && !check_inside_root (real_path, job->root, job->name, error))
    return NULL;
  if ((fd = open_regular_file (real_path, job->name, &size, error)) < 0)
    return NULL;
  bytes = read_all (fd, size, job->name, error);
  close (fd);
  return bytes;
}

static void
prepare_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  PrepareJob *job = task_data;
  g_autoptr(GBytes) data = NULL;
  g_autoptr(GError) error = NULL;
  CairnAttachment *attachment = NULL;

  if (job->data != NULL)
    data = g_bytes_ref (job->data);
  else
    data = read_image_file (job, &error);
  if (data != NULL)
    attachment = cairn_attachment_new_from_data (data, job->name, cancellable, &error);
  if (attachment == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, attachment, g_object_unref);
}

static void
start_prepare (CairnAttachmentStore *self,
               PrepareJob           *job,
               gpointer              source_tag,
               GCancellable         *cancellable,
               GAsyncReadyCallback   callback,
               gpointer              user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, job, (GDestroyNotify)prepare_job_free);
  g_task_run_in_thread (task, prepare_in_thread);
}

/**
 * cairn_attachment_store_prepare_file_async:
 * @file: a local image file
 * @chosen_root: (nullable): the folder the user chose @file from (for a
 *   drop, the dropped file's folder); @file must not lead out of it
 *
 * Reads, checks and if needed shrinks the image in a thread. Links are
 * followed only to regular files, and with @chosen_root only to files
 * inside it. The result is not saved yet.
 */
void
cairn_attachment_store_prepare_file_async (CairnAttachmentStore *self,
                                           GFile                *file,
                                           GFile                *chosen_root,
                                           GCancellable         *cancellable,
                                           GAsyncReadyCallback   callback,
                                           gpointer              user_data)
{
  PrepareJob *job;

  g_return_if_fail (CAIRN_IS_ATTACHMENT_STORE (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (chosen_root == NULL || G_IS_FILE (chosen_root));

  job = g_new0 (PrepareJob, 1);
  job->path = g_file_get_path (file);
  if (chosen_root != NULL)
    job->root = g_file_get_path (chosen_root);
  /* a root with no local path cannot contain a local file */
  if (chosen_root != NULL && job->root == NULL)
    job->root = g_strdup ("/nonexistent/");
  if (job->path != NULL)
    job->name = g_filename_display_basename (job->path);
  else
    job->name = g_file_get_parse_name (file);
  start_prepare (self, job, cairn_attachment_store_prepare_file_async,
                 cancellable, callback, user_data);
}

/**
 * cairn_attachment_store_prepare_file_finish:
 *
 * Returns: (transfer full): the checked image, not saved yet
 */
CairnAttachment *
cairn_attachment_store_prepare_file_finish (CairnAttachmentStore  *self,
                                            GAsyncResult          *result,
                                            GError               **error)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_STORE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * cairn_attachment_store_prepare_bytes_async:
 * @data: pasted or dragged image data
 * @name: (nullable): a name to show; %NULL for "Pasted image"
 *
 * Like cairn_attachment_store_prepare_file_async() for data in memory.
 */
void
cairn_attachment_store_prepare_bytes_async (CairnAttachmentStore *self,
                                            GBytes               *data,
                                            const char           *name,
                                            GCancellable         *cancellable,
                                            GAsyncReadyCallback   callback,
                                            gpointer              user_data)
{
  PrepareJob *job;

  g_return_if_fail (CAIRN_IS_ATTACHMENT_STORE (self));
  g_return_if_fail (data != NULL);

  job = g_new0 (PrepareJob, 1);
  job->data = g_bytes_ref (data);
  job->name = g_strdup (name);
  start_prepare (self, job, cairn_attachment_store_prepare_bytes_async,
                 cancellable, callback, user_data);
}

CairnAttachment *
cairn_attachment_store_prepare_bytes_finish (CairnAttachmentStore  *self,
                                             GAsyncResult          *result,
                                             GError               **error)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_STORE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
set_save_error (GError     **error,
                const char  *path,
                const char  *reason)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_SAVE_FAILED,
               _("Could not save the image in “%s”: %s"), display, reason);
}

/* A link here could send the images somewhere else: the folders must be
 * real ones. */
static gboolean
ensure_private_dir (const char  *path,
                    GError     **error)
{
  struct stat st;

  if (g_mkdir (path, 0700) == 0)
    return TRUE;
  if (errno != EEXIST)
    set_save_error (error, path, g_strerror (errno));
  else if (lstat (path, &st) == 0 && S_ISDIR (st.st_mode))
    return TRUE;
  else
    set_save_error (error, path, _("it exists and is not a folder"));
  return FALSE;
}

/* An existing .gitignore is the user's: it is never rewritten. */
static gboolean
ensure_gitignore (const char  *cairn_dir,
                  GError     **error)
{
  g_autofree char *path = g_build_filename (cairn_dir, ".gitignore", NULL);
  int fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  int saved_errno;

  if (fd < 0 && errno == EEXIST)
    return TRUE;
  if (fd < 0)
    {
      set_save_error (error, cairn_dir, g_strerror (errno));
      return FALSE;
    }
  saved_errno = cairn_write_all (fd, "*\n", 2);
  close (fd);
  if (saved_errno != 0)
    set_save_error (error, cairn_dir, g_strerror (saved_errno));
  return saved_errno == 0;
}

static gboolean
ensure_images_dir (CairnAttachmentStore  *self,
                   GError               **error)
{
  g_autofree char *cairn_dir = g_build_filename (self->project_dir, ".cairn", NULL);
  g_autofree char *tmp_dir = g_build_filename (cairn_dir, "tmp", NULL);
  g_autofree char *images_dir = g_build_filename (tmp_dir, "images", NULL);

  g_assert (CAIRN_IS_ATTACHMENT_STORE (self));

  return ensure_private_dir (cairn_dir, error) &&
         ensure_gitignore (cairn_dir, error) &&
         ensure_private_dir (tmp_dir, error) &&
         ensure_private_dir (images_dir, error);
}

/* ASCII letters, digits, - and _ only: the name ends up in a prompt and in
 * shell commands the agent may write. */
static char *
sanitise_stem (const char *display_name)
{
  const char *dot = strrchr (display_name, '.');
  gsize length = dot != NULL && dot != display_name ? (gsize)(dot - display_name)
                                                     : strlen (display_name);
  GString *stem = g_string_new (NULL);

  for (gsize i = 0; i < length && stem->len < MAX_STEM_LENGTH; i++)
    {
      char c = display_name[i];

      if (g_ascii_isalnum (c) || c == '_')
        g_string_append_c (stem, c);
      else if (stem->len > 0 && stem->str[stem->len - 1] != '-')
        g_string_append_c (stem, '-');
    }
  while (stem->len > 0 && stem->str[stem->len - 1] == '-')
    g_string_truncate (stem, stem->len - 1);
  if (stem->len == 0)
    g_string_append (stem, "image");
  return g_string_free (stem, FALSE);
}

/* O_EXCL with a random part: two saves in the same second never share a
 * file, and an existing file is never overwritten. */
static int
create_unique_file (const char       *dir,
                    CairnAttachment  *attachment,
                    char            **path,
                    GError          **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *stem = sanitise_stem (cairn_attachment_get_display_name (attachment));

  for (guint attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++)
    {
      g_autofree char *base = g_strdup_printf ("%s-%s-%08x.%s", stamp, stem, g_random_int (),
                                               cairn_attachment_get_extension (attachment));
      g_autofree char *candidate = g_build_filename (dir, base, NULL);
      int fd = g_open (candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);

      if (fd >= 0)
        {
          *path = g_steal_pointer (&candidate);
          return fd;
        }
      if (errno != EEXIST)
        break;
    }
  set_save_error (error, dir, g_strerror (errno));
  return -1;
}

static char *
write_attachment (CairnAttachmentStore  *self,
                  CairnAttachment       *attachment,
                  GError               **error)
{
  g_autofree char *dir = cairn_attachment_store_dup_images_dir (self);
  g_autofree char *path = NULL;
  GBytes *data = cairn_attachment_get_data (attachment);
  int saved_errno;
  int fd;

  if ((fd = create_unique_file (dir, attachment, &path, error)) < 0)
    return NULL;
  saved_errno = cairn_write_all (fd, g_bytes_get_data (data, NULL), g_bytes_get_size (data));
  if (close (fd) != 0 && saved_errno == 0)
    saved_errno = errno;
  if (saved_errno == 0)
    return g_steal_pointer (&path);
  g_unlink (path);
  set_save_error (error, dir, g_strerror (saved_errno));
  return NULL;
}

static void
save_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  CairnAttachmentStore *self = source_object;
  CairnAttachment *attachment = task_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  g_assert (CAIRN_IS_ATTACHMENT_STORE (self));
  g_assert (CAIRN_IS_ATTACHMENT (attachment));

  if (!ensure_images_dir (self, &error) ||
      !(path = write_attachment (self, attachment, &error)))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* nobody will hear about this file: don't leave it behind */
  if (g_cancellable_set_error_if_cancelled (cancellable, &error))
    {
      g_unlink (path);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_pointer (task, cairn_attachment_copy_with_path (attachment, path), g_object_unref);
}

/**
 * cairn_attachment_store_save_async:
 * @attachment: a prepared attachment
 *
 * Writes the attachment's data to a new file, readable only by the user, in
 * `<project>/.cairn/tmp/images/`, creating the folders (0700) and
 * `.cairn/.gitignore` first if needed.
 */
void
cairn_attachment_store_save_async (CairnAttachmentStore *self,
                                   CairnAttachment      *attachment,
                                   GCancellable         *cancellable,
                                   GAsyncReadyCallback   callback,
                                   gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (CAIRN_IS_ATTACHMENT_STORE (self));
  g_return_if_fail (CAIRN_IS_ATTACHMENT (attachment));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, cairn_attachment_store_save_async);
  g_task_set_task_data (task, g_object_ref (attachment), g_object_unref);
  g_task_run_in_thread (task, save_in_thread);
}

/**
 * cairn_attachment_store_save_finish:
 *
 * Returns: (transfer full): a copy of the attachment with its path set
 */
CairnAttachment *
cairn_attachment_store_save_finish (CairnAttachmentStore  *self,
                                    GAsyncResult          *result,
                                    GError               **error)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_STORE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static JsonObject *
text_block (const char *text)
{
  JsonObject *block = json_object_new ();

  json_object_set_string_member (block, "type", "text");
  json_object_set_string_member (block, "text", text);
  return block;
}

static void
append_project_path (CairnAttachmentStore *self,
                     GString              *paths,
                     CairnAttachment      *attachment)
{
  const char *path = cairn_attachment_get_path (attachment);
  g_autoptr(GFile) project = g_file_new_for_path (self->project_dir);
  g_autoptr(GFile) file = NULL;
  g_autofree char *relative = NULL;

  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  relative = g_file_get_relative_path (project, file);
  if (paths->len > 0)
    g_string_append (paths, ", ");
  g_string_append (paths, relative != NULL ? relative : path);
}

/**
 * cairn_attachment_store_build_user_content:
 * @saved: (element-type CairnAttachment): saved attachments
 * @prompt_text: (nullable): what the user typed
 *
 * The `content` array of a stream-json user message (docs/protocol.md,
 * "User messages"): the prompt, one `image` block per attachment, then one text block naming
 * the saved files relative to the project, so the agent can open them too.
 * An empty prompt gets no block: the API refuses empty text blocks.
 *
 * Returns: (transfer full): the content blocks
 */
JsonArray *
cairn_attachment_store_build_user_content (CairnAttachmentStore *self,
                                           GPtrArray            *saved,
                                           const char           *prompt_text)
{
  g_autoptr(GString) paths = g_string_new (NULL);
  JsonArray *content;

  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_STORE (self), NULL);

  content = json_array_new ();
  if (prompt_text != NULL && *prompt_text != '\0')
    json_array_add_object_element (content, text_block (prompt_text));
  for (guint i = 0; saved != NULL && i < saved->len; i++)
    {
      CairnAttachment *attachment = g_ptr_array_index (saved, i);

      json_array_add_object_element (content, cairn_attachment_to_content_block (attachment));
      append_project_path (self, paths, attachment);
    }
  /* For the model, not the user: not translated. */
  if (paths->len > 0)
    {
      g_autofree char *note = g_strdup_printf ("[Attached images saved in the project: %s]",
                                               paths->str);
      json_array_add_object_element (content, text_block (note));
    }
  return content;
}
