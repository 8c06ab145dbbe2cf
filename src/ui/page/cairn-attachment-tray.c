/* cairn-attachment-tray.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-attachment-tray"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "page/cairn-attachment-chip.h"
#include "page/cairn-attachment-tray.h"
#include "widgets/cairn-thumbnail.h"
#include "widgets/cairn-working-indicator.h"

/* The images attached to the prompt being written, above the text: a chip
 * each, in the order the user added them, and a message when one could
 * not be attached. Files and image data are checked (and scaled down if
 * needed) by the attachment store in a thread; saving happens on send. */
struct _CairnAttachmentTray
{
  GtkWidget             parent_instance;

  CairnAttachmentStore *store;
  GListStore           *attachments;
  GCancellable         *cancellable;
  GPtrArray            *errors;
  guint                 next_seq;
  guint                 n_preparing;

  GtkRevealer          *error_revealer;
  GtkLabel             *error_label;
  GtkWidget            *drop_hint;
  GtkWidget            *chips_scroller;
  GtkBox               *chips_box;
  CairnWorkingIndicator *spinner;
};

G_DEFINE_FINAL_TYPE (CairnAttachmentTray, cairn_attachment_tray, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_N_ATTACHMENTS,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static GQuark
seq_quark (void)
{
  return g_quark_from_static_string ("cairn-attachment-tray-seq");
}

typedef struct
{
  CairnAttachmentTray *self;
  guint                seq;
} Preparing;

static void
update_visibility (CairnAttachmentTray *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->attachments));

  gtk_widget_set_visible (self->chips_scroller, n > 0 || self->n_preparing > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), self->n_preparing > 0);
  cairn_working_indicator_set_working (self->spinner, self->n_preparing > 0);
}

static void
set_preparing (CairnAttachmentTray *self,
               int                  delta)
{
  gboolean was_busy = self->n_preparing > 0;

  self->n_preparing += delta;
  update_visibility (self);
  if (was_busy != (self->n_preparing > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
chip_remove_cb (CairnAttachmentTray *self,
                CairnAttachmentChip *chip)
{
  guint position;

  if (g_list_store_find (self->attachments, cairn_attachment_chip_get_attachment (chip), &position))
    g_list_store_remove (self->attachments, position);
}

static GtkWidget *
nth_chip (CairnAttachmentTray *self,
          guint                n)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->chips_box));

  for (; child != NULL && n > 0; n--)
    child = gtk_widget_get_next_sibling (child);
  return child;
}

/* The chips mirror the list of attachments. */
static void
attachments_changed_cb (CairnAttachmentTray *self,
                        guint                position,
                        guint                removed,
                        guint                added,
                        GListModel          *model)
{
  GtkWidget *before = position > 0 ? nth_chip (self, position - 1) : NULL;

  for (guint i = 0; i < removed; i++)
    gtk_box_remove (self->chips_box, nth_chip (self, position));
  for (guint i = 0; i < added; i++)
    {
      g_autoptr(CairnAttachment) attachment = g_list_model_get_item (model, position + i);
      GtkWidget *chip = cairn_attachment_chip_new (attachment);

      g_signal_connect_object (chip, "remove", G_CALLBACK (chip_remove_cb),
                               self, G_CONNECT_SWAPPED);
      gtk_box_insert_child_after (self->chips_box, chip, before);
      before = chip;
    }
  update_visibility (self);
  if (removed != added)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ATTACHMENTS]);
}

/* Images prepared at the same time may finish in any order: each goes
 * where the user put it. */
static void
insert_in_order (CairnAttachmentTray *self,
                 CairnAttachment     *attachment,
                 guint                seq)
{
  GListModel *model = G_LIST_MODEL (self->attachments);
  guint n = g_list_model_get_n_items (model);
  guint position = n;

  g_object_set_qdata (G_OBJECT (attachment), seq_quark (), GUINT_TO_POINTER (seq));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnAttachment) other = g_list_model_get_item (model, i);

      if (GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (other), seq_quark ())) > seq)
        {
          position = i;
          break;
        }
    }
  g_list_store_insert (self->attachments, position, attachment);
}

static void
refresh_error (CairnAttachmentTray *self)
{
  g_autofree char *text = NULL;

  g_ptr_array_add (self->errors, NULL);
  text = g_strjoinv ("\n", (char **)self->errors->pdata);
  g_ptr_array_remove_index (self->errors, self->errors->len - 1);
  gtk_label_set_label (self->error_label, text);
  gtk_revealer_set_reveal_child (self->error_revealer, self->errors->len > 0);
}

/**
 * cairn_attachment_tray_show_error:
 *
 * Adds @message to what the tray's message says, until dismissed or until
 * the user attaches something else.
 */
void
cairn_attachment_tray_show_error (CairnAttachmentTray *self,
                                  const char          *message)
{
  g_return_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self));
  g_return_if_fail (message != NULL);

  g_ptr_array_add (self->errors, g_strdup (message));
  refresh_error (self);
}

/**
 * cairn_attachment_tray_get_error:
 *
 * Returns: (nullable): the message shown, or %NULL
 */
const char *
cairn_attachment_tray_get_error (CairnAttachmentTray *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self), NULL);

  return self->errors->len > 0 ? gtk_label_get_label (self->error_label) : NULL;
}

static void
dismiss_error (CairnAttachmentTray *self)
{
  g_ptr_array_set_size (self->errors, 0);
  refresh_error (self);
}

static void
dismiss_clicked_cb (CairnAttachmentTray *self,
                    GtkButton           *button)
{
  dismiss_error (self);
}

static void
prepared_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autofree Preparing *preparing = user_data;
  g_autoptr(CairnAttachmentTray) self = preparing->self;
  g_autoptr(CairnAttachment) attachment = NULL;
  g_autoptr(GError) error = NULL;
  CairnAttachmentStore *store = CAIRN_ATTACHMENT_STORE (object);

  if (g_task_get_source_tag (G_TASK (result)) == cairn_attachment_store_prepare_file_async)
    attachment = cairn_attachment_store_prepare_file_finish (store, result, &error);
  else
    attachment = cairn_attachment_store_prepare_bytes_finish (store, result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_preparing (self, -1);
  if (attachment == NULL)
    cairn_attachment_tray_show_error (self, error->message);
  else
    insert_in_order (self, attachment, preparing->seq);
}

static Preparing *
begin_preparing (CairnAttachmentTray *self)
{
  Preparing *preparing = g_new0 (Preparing, 1);

  preparing->self = g_object_ref (self);
  preparing->seq = self->next_seq++;
  set_preparing (self, 1);
  return preparing;
}

static gboolean
check_store (CairnAttachmentTray *self)
{
  /* Something new to attach: the last message was about something else. */
  dismiss_error (self);
  if (self->store != NULL)
    return TRUE;
  cairn_attachment_tray_show_error (self, _("Images can be attached once Claude Code has started"));
  return FALSE;
}

/**
 * cairn_attachment_tray_add_files:
 * @files: (element-type GFile): dropped, pasted or picked files
 *
 * Attaches each image file, or says why it can't. A file's folder is the
 * one the user chose it from: a link must not lead out of it.
 */
void
cairn_attachment_tray_add_files (CairnAttachmentTray *self,
                                 GSList              *files)
{
  g_return_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self));

  if (!check_store (self))
    return;
  for (GSList *l = files; l != NULL; l = l->next)
    {
      g_autoptr(GFile) folder = g_file_get_parent (l->data);

      cairn_attachment_store_prepare_file_async (self->store, l->data, folder, self->cancellable,
                                                 prepared_cb, begin_preparing (self));
    }
}

/**
 * cairn_attachment_tray_add_texture:
 * @name: (nullable): what to call it, such as "Pasted image"
 *
 * Attaches image data (pasted, or dragged from another app) as a PNG.
 */
void
cairn_attachment_tray_add_texture (CairnAttachmentTray *self,
                                   GdkTexture          *texture,
                                   const char          *name)
{
  g_autoptr(GBytes) png = NULL;

  g_return_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self));
  g_return_if_fail (GDK_IS_TEXTURE (texture));

  if (!check_store (self))
    return;
  png = gdk_texture_save_to_png_bytes (texture);
  cairn_attachment_store_prepare_bytes_async (self->store, png, name, self->cancellable,
                                              prepared_cb, begin_preparing (self));
}

/**
 * cairn_attachment_tray_add_bytes:
 * @name: (nullable): what to call it, such as "Pasted image"
 *
 * Attaches an image file's bytes as they are (a pasted PNG, JPEG, GIF or
 * WebP reaches Claude byte for byte, not re-encoded).
 */
void
cairn_attachment_tray_add_bytes (CairnAttachmentTray *self,
                                 GBytes              *bytes,
                                 const char          *name)
{
  g_return_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self));
  g_return_if_fail (bytes != NULL);

  if (!check_store (self))
    return;
  cairn_attachment_store_prepare_bytes_async (self->store, bytes, name, self->cancellable,
                                              prepared_cb, begin_preparing (self));
}

void
cairn_attachment_tray_clear (CairnAttachmentTray *self)
{
  g_return_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self));

  g_list_store_remove_all (self->attachments);
  dismiss_error (self);
}

void
cairn_attachment_tray_set_drop_active (CairnAttachmentTray *self,
                                       gboolean             active)
{
  g_return_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self));
  gtk_widget_set_visible (self->drop_hint, active);
}

/* Saving: one image after the other, so they keep the user's order. */
typedef struct
{
  GPtrArray *to_save;
  GPtrArray *saved;
} SaveJob;

static void
save_job_free (SaveJob *job)
{
  g_ptr_array_unref (job->to_save);
  g_ptr_array_unref (job->saved);
  g_free (job);
}

static void save_next (GTask *task);

/* Sent: their chips go. Images added while saving stay for the next one. */
static void
remove_attachments (CairnAttachmentTray *self,
                    GPtrArray           *attachments)
{
  guint position;

  for (guint i = 0; i < attachments->len; i++)
    if (g_list_store_find (self->attachments, g_ptr_array_index (attachments, i), &position))
      g_list_store_remove (self->attachments, position);
  dismiss_error (self);
}

/* A prompt is sent whole or not at all: no stray files from a failed one. */
static void
remove_saved (GPtrArray *saved)
{
  for (guint i = 0; i < saved->len; i++)
    g_unlink (cairn_attachment_get_path (g_ptr_array_index (saved, i)));
}

static void
saved_one_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  SaveJob *job = g_task_get_task_data (task);
  g_autoptr(CairnAttachment) saved = NULL;
  g_autoptr(GError) error = NULL;

  saved = cairn_attachment_store_save_finish (CAIRN_ATTACHMENT_STORE (object), result, &error);
  if (saved == NULL)
    {
      remove_saved (job->saved);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  cairn_thumbnail_share (g_ptr_array_index (job->to_save, job->saved->len), saved);
  g_ptr_array_add (job->saved, g_steal_pointer (&saved));
  save_next (g_steal_pointer (&task));
}

static void
save_next (GTask *task)
{
  CairnAttachmentTray *self = g_task_get_source_object (task);
  SaveJob *job = g_task_get_task_data (task);

  if (job->saved->len == job->to_save->len)
    {
      remove_attachments (self, job->to_save);
      g_task_return_pointer (task, g_ptr_array_ref (job->saved), (GDestroyNotify)g_ptr_array_unref);
      g_object_unref (task);
      return;
    }
  cairn_attachment_store_save_async (self->store, g_ptr_array_index (job->to_save, job->saved->len),
                                     g_task_get_cancellable (task), saved_one_cb, task);
}

/**
 * cairn_attachment_tray_save_async:
 *
 * Saves the attached images into the project, in order. Once all are
 * saved their chips go; if one can't be, all stay (and the files already
 * written are removed).
 */
void
cairn_attachment_tray_save_async (CairnAttachmentTray *self,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task;
  SaveJob *job;
  guint n;

  g_return_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, cairn_attachment_tray_save_async);
  if (self->store == NULL)
    {
      g_task_return_new_error (task, CAIRN_ATTACHMENT_ERROR, CAIRN_ATTACHMENT_ERROR_SAVE_FAILED,
                               "%s", _("Images can be attached once Claude Code has started"));
      g_object_unref (task);
      return;
    }
  n = g_list_model_get_n_items (G_LIST_MODEL (self->attachments));
  job = g_new0 (SaveJob, 1);
  job->to_save = g_ptr_array_new_full (n, g_object_unref);
  job->saved = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (job->to_save, g_list_model_get_item (G_LIST_MODEL (self->attachments), i));
  g_task_set_task_data (task, job, (GDestroyNotify)save_job_free);
  save_next (task);
}

/**
 * cairn_attachment_tray_save_finish:
 *
 * Returns: (transfer container) (element-type CairnAttachment): the saved
 *   copies, with their paths
 */
GPtrArray *
cairn_attachment_tray_save_finish (CairnAttachmentTray  *self,
                                   GAsyncResult         *result,
                                   GError              **error)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

CairnAttachmentStore *
cairn_attachment_tray_get_store (CairnAttachmentTray *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self), NULL);
  return self->store;
}

void
cairn_attachment_tray_set_store (CairnAttachmentTray  *self,
                                 CairnAttachmentStore *store)
{
  g_return_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self));
  g_return_if_fail (store == NULL || CAIRN_IS_ATTACHMENT_STORE (store));

  g_set_object (&self->store, store);
}

GListModel *
cairn_attachment_tray_get_attachments (CairnAttachmentTray *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self), NULL);
  return G_LIST_MODEL (self->attachments);
}

guint
cairn_attachment_tray_get_n_attachments (CairnAttachmentTray *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->attachments));
}

/**
 * cairn_attachment_tray_get_busy:
 *
 * Whether images are still being checked: the prompt waits for them.
 */
gboolean
cairn_attachment_tray_get_busy (CairnAttachmentTray *self)
{
  g_return_val_if_fail (CAIRN_IS_ATTACHMENT_TRAY (self), FALSE);
  return self->n_preparing > 0;
}

static void
cairn_attachment_tray_dispose (GObject *object)
{
  CairnAttachmentTray *self = (CairnAttachmentTray *)object;
  GtkWidget *child;

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_ATTACHMENT_TRAY);
  /* the template's top box has no id: unparent it too */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->attachments);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (cairn_attachment_tray_parent_class)->dispose (object);
}

static void
cairn_attachment_tray_finalize (GObject *object)
{
  CairnAttachmentTray *self = (CairnAttachmentTray *)object;

  g_clear_pointer (&self->errors, g_ptr_array_unref);

  G_OBJECT_CLASS (cairn_attachment_tray_parent_class)->finalize (object);
}

static void
cairn_attachment_tray_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CairnAttachmentTray *self = CAIRN_ATTACHMENT_TRAY (object);

  switch (prop_id)
    {
    case PROP_N_ATTACHMENTS:
      g_value_set_uint (value, cairn_attachment_tray_get_n_attachments (self));
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, cairn_attachment_tray_get_busy (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_attachment_tray_class_init (CairnAttachmentTrayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_attachment_tray_dispose;
  object_class->finalize = cairn_attachment_tray_finalize;
  object_class->get_property = cairn_attachment_tray_get_property;

  properties [PROP_N_ATTACHMENTS] =
    g_param_spec_uint ("n-attachments", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CAIRN_TYPE_WORKING_INDICATOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-attachment-tray.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "attachmenttray");
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentTray, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentTray, error_label);
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentTray, drop_hint);
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentTray, chips_scroller);
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentTray, chips_box);
  gtk_widget_class_bind_template_child (widget_class, CairnAttachmentTray, spinner);
  gtk_widget_class_bind_template_callback (widget_class, dismiss_clicked_cb);
}

static void
cairn_attachment_tray_init (CairnAttachmentTray *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  self->errors = g_ptr_array_new_with_free_func (g_free);
  self->attachments = g_list_store_new (CAIRN_TYPE_ATTACHMENT);
  g_signal_connect_object (self->attachments, "items-changed",
                           G_CALLBACK (attachments_changed_cb), self, G_CONNECT_SWAPPED);
}
