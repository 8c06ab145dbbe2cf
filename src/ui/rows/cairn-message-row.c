/* cairn-message-row.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-message-row"

#include "config.h"

#include <glib/gi18n.h>

#include "attachments/cairn-attachment.h"
#include "rows/cairn-markdown-view.h"
#include "rows/cairn-message-row.h"
#include "transcript/cairn-text-item.h"
#include "widgets/cairn-thumbnail.h"
#include "widgets/cairn-working-indicator.h"

/* A user prompt (plain text, as typed, and the images sent with it: a
 * thumbnail each, which opens the saved file in the default viewer) or an
 * assistant reply (Markdown).
 * While a reply streams, the text changes per delta, but the row applies
 * it at most once per frame (a tick callback), so a fast stream doesn't
 * re-render and relayout for every few characters. */
struct _CairnMessageRow
{
  CairnItemRow       parent_instance;
  GtkLabel          *author_label;
  GtkWidget         *prompt_controls;
  GtkMenuButton     *actions_button;
  GtkWidget         *versions_box;
  GtkWidget         *previous_version_button;
  GtkLabel          *version_label;
  GtkWidget         *next_version_button;
  GtkLabel          *text_label;
  CairnMarkdownView *markdown;
  GtkWidget         *images_scroller;
  GtkBox            *images_box;
  gulong             text_handler;
  guint              tick_id;
};

G_DEFINE_FINAL_TYPE (CairnMessageRow, cairn_message_row, CAIRN_TYPE_ITEM_ROW)

static void
show_text (CairnMessageRow *self)
{
  CairnItem *item = cairn_item_row_get_item (CAIRN_ITEM_ROW (self));
  const char *text = item ? cairn_text_item_get_text (CAIRN_TEXT_ITEM (item)) : "";

  if (gtk_widget_get_visible (GTK_WIDGET (self->markdown)))
    {
      cairn_markdown_view_set_markdown (self->markdown, text);
      return;
    }
  gtk_label_set_label (self->text_label, text);
  /* a prompt may be images only */
  gtk_widget_set_visible (GTK_WIDGET (self->text_label), *text != '\0');
}

/* Thumbnails: open the saved image */

#define THUMBNAIL_HEIGHT    96
#define THUMBNAIL_MIN_WIDTH 64
#define THUMBNAIL_MAX_WIDTH 192

static void
shown_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!gtk_show_uri_full_finish (GTK_WINDOW (object), result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Could not open the image: %s", error->message);
}

static void
thumbnail_clicked_cb (CairnMessageRow *self,
                      GtkButton       *button)
{
  CairnAttachment *attachment = g_object_get_data (G_OBJECT (button), "attachment");
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *uri = NULL;
  g_autoptr(GError) error = NULL;

  if (!(uri = g_filename_to_uri (cairn_attachment_get_path (attachment), NULL, &error)))
    {
      g_warning ("Could not open the image: %s", error->message);
      return;
    }
  gtk_show_uri_full (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, uri, GDK_CURRENT_TIME,
                     NULL, shown_cb, NULL);
}

/* As wide as the image's shape asks, within bounds. */
static GtkWidget *
thumbnail_button_new (CairnMessageRow *self,
                      CairnAttachment *attachment)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *thumbnail = cairn_thumbnail_new ();
  int width = cairn_attachment_get_width (attachment);
  int height = MAX (1, cairn_attachment_get_height (attachment));
  const char *name = cairn_attachment_get_display_name (attachment);
  g_autofree char *label = g_strdup_printf (_("Open %s"), name);

  gtk_widget_set_size_request (thumbnail, CLAMP ((gint64)THUMBNAIL_HEIGHT * width / height,
                                                 THUMBNAIL_MIN_WIDTH, THUMBNAIL_MAX_WIDTH),
                               THUMBNAIL_HEIGHT);
  cairn_thumbnail_set_attachment (CAIRN_THUMBNAIL (thumbnail), attachment);
  gtk_button_set_child (GTK_BUTTON (button), thumbnail);
  gtk_widget_add_css_class (button, "thumbnail-button");
  gtk_widget_set_tooltip_text (button, name);
  gtk_widget_set_sensitive (button, cairn_attachment_get_path (attachment) != NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_object_set_data_full (G_OBJECT (button), "attachment",
                          g_object_ref (attachment), g_object_unref);
  g_signal_connect_object (button, "clicked", G_CALLBACK (thumbnail_clicked_cb),
                           self, G_CONNECT_SWAPPED);
  return button;
}

static void
show_images (CairnMessageRow *self,
             GListModel      *images)
{
  GtkWidget *child;
  guint n = images ? g_list_model_get_n_items (images) : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->images_box))))
    gtk_box_remove (self->images_box, child);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CairnAttachment) attachment = g_list_model_get_item (images, i);

      gtk_box_append (self->images_box, thumbnail_button_new (self, attachment));
    }
  gtk_widget_set_visible (self->images_scroller, n > 0);
}

static gboolean
apply_text_tick (GtkWidget     *widget,
                 GdkFrameClock *clock,
                 gpointer       user_data)
{
  CairnMessageRow *self = CAIRN_MESSAGE_ROW (widget);

  self->tick_id = 0;
  show_text (self);
  return G_SOURCE_REMOVE;
}

static void
text_changed_cb (CairnMessageRow *self)
{
  /* Not on screen: nothing to coalesce, and no frame clock to wait for. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    show_text (self);
  else if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), apply_text_tick, NULL, NULL);
}

static void
stop_following (CairnMessageRow *self)
{
  CairnItem *item = cairn_item_row_get_item (CAIRN_ITEM_ROW (self));

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  if (item != NULL && self->text_handler != 0)
    g_signal_handler_disconnect (item, self->text_handler);
  self->text_handler = 0;
}

static void
cairn_message_row_unbind (CairnItemRow *row)
{
  stop_following (CAIRN_MESSAGE_ROW (row));
}

/* What one can do from one of the user's prompts (page.*, cairn-page-branch.c
 * and cairn-page-restore.c), for this prompt. */
static GMenuModel *
prompt_menu_new (CairnItem *item)
{
  static const struct {
    const char *label;
    const char *action;
  } entries[] = {
    { N_("_Edit and Resend"), "page.edit-prompt" },
    { N_("_Branch into New Conversation"), "page.branch" },
    { N_("_Restore Files to Here…"), "page.restore-files" },
  };
  GMenu *menu = g_menu_new ();

  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      g_autoptr(GMenuItem) entry = g_menu_item_new (_(entries[i].label), NULL);

      g_menu_item_set_action_and_target_value (entry, entries[i].action,
                                               g_variant_new_uint32 (cairn_item_get_serial (item)));
      g_menu_append_item (menu, entry);
    }
  return G_MENU_MODEL (menu);
}

/* The menu closes before it activates the chosen entry, whose action is
 * found through the menu's parent: it stays until then, and while it is
 * open again. */
static gboolean
drop_prompt_menu (gpointer button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);

  if (popover != NULL && !gtk_widget_get_visible (GTK_WIDGET (popover)))
    gtk_menu_button_set_menu_model (button, NULL);
  return G_SOURCE_REMOVE;
}

static void
prompt_menu_closed_cb (GtkMenuButton *button)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, drop_prompt_menu, g_object_ref (button), g_object_unref);
}

/* The menu exists only while it is open, for the prompt bound then. A
 * GtkPopoverMenu holds a GtkStack, whose page GTK 4.8 leaves on the
 * accessibility bus once read; kept with the row as it leaves the window
 * and comes back, it trips GTK's assertion (README "No GtkStack in a
 * row"). */
static void
create_prompt_menu (GtkMenuButton *button,
                    gpointer       user_data)
{
  CairnMessageRow *self = user_data;
  CairnItem *item = cairn_item_row_get_item (CAIRN_ITEM_ROW (self));
  g_autoptr(GMenuModel) menu = NULL;

  if (item == NULL)
    return;
  menu = prompt_menu_new (item);
  gtk_menu_button_set_menu_model (button, menu);
  g_signal_connect_object (gtk_menu_button_get_popover (button), "closed",
                           G_CALLBACK (prompt_menu_closed_cb), button, G_CONNECT_SWAPPED);
}

/* "‹ 2 / 3 ›" on a prompt that was edited and sent again. */
static GtkWidget *
version_button_new (const char *icon_name,
                    const char *label)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "circular");
  return button;
}

/* ‹ n / m ›, before the menu: made the first time a prompt with versions
 * is bound to this row. */
static void
ensure_versions_box (CairnMessageRow *self)
{
  if (self->versions_box != NULL)
    return;
  self->versions_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  self->previous_version_button = version_button_new ("go-previous-symbolic", _("Previous Version"));
  self->version_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->version_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->version_label), "numeric");
  self->next_version_button = version_button_new ("go-next-symbolic", _("Next Version"));
  gtk_box_append (GTK_BOX (self->versions_box), self->previous_version_button);
  gtk_box_append (GTK_BOX (self->versions_box), GTK_WIDGET (self->version_label));
  gtk_box_append (GTK_BOX (self->versions_box), self->next_version_button);
  gtk_box_insert_child_after (GTK_BOX (self->prompt_controls), self->versions_box, NULL);
}

/* An arrow with nowhere to go has no action: the action helper would
 * otherwise make it sensitive again, as the action is enabled. */
static void
aim_version_button (GtkWidget  *button,
                    const char *action_name,
                    GVariant   *serial,
                    gboolean    possible)
{
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), NULL);
  if (possible)
    {
      /* the target first: an action of type u must never see none */
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), serial);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action_name);
    }
  gtk_widget_set_sensitive (button, possible);
}

static void
show_versions (CairnMessageRow *self,
               CairnTextItem   *prompt)
{
  guint index = 0, count = 1;
  g_autofree char *shown = NULL;
  g_autofree char *spoken = NULL;
  GVariant *serial;

  if (prompt == NULL || cairn_text_item_get_branch (prompt, &index, &count) == NULL)
    {
      if (self->versions_box != NULL)
        gtk_widget_set_visible (self->versions_box, FALSE);
      return;
    }
  ensure_versions_box (self);
  /* TRANSLATORS: which version of an edited message is shown, of how many */
  shown = g_strdup_printf (_("%u / %u"), index + 1, count);
  spoken = g_strdup_printf (_("Version %u of %u"), index + 1, count);
  gtk_label_set_label (self->version_label, shown);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->version_label), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  serial = g_variant_ref_sink (g_variant_new_uint32 (cairn_item_get_serial (CAIRN_ITEM (prompt))));
  aim_version_button (self->previous_version_button, "page.previous-version", serial, index > 0);
  aim_version_button (self->next_version_button, "page.next-version", serial, index + 1 < count);
  g_variant_unref (serial);
  gtk_widget_set_visible (self->versions_box, TRUE);
}

static void
cairn_message_row_bind (CairnItemRow *row,
                        CairnItem    *item)
{
  CairnMessageRow *self = CAIRN_MESSAGE_ROW (row);
  gboolean from_user = item != NULL && cairn_item_get_kind (item) == CAIRN_ITEM_KIND_USER;

  gtk_widget_set_visible (GTK_WIDGET (self->text_label), from_user);
  gtk_widget_set_visible (GTK_WIDGET (self->markdown), !from_user);
  if (item != NULL)
    {
      self->text_handler = g_signal_connect_swapped (item, "notify::text",
                                                     G_CALLBACK (text_changed_cb), self);
      show_text (self);
    }
  show_images (self, from_user ? cairn_text_item_get_attachments (CAIRN_TEXT_ITEM (item)) : NULL);

  gtk_widget_set_visible (self->prompt_controls, from_user);
  show_versions (self, from_user ? CAIRN_TEXT_ITEM (item) : NULL);
  gtk_label_set_label (self->author_label, from_user ? _("You") : _("Claude"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  from_user ? _("Your message") : _("Claude’s reply"), -1);
  gtk_widget_set_css_classes (GTK_WIDGET (self),
                              (const char *[]) { from_user ? "from-user" : "from-assistant", NULL });
}

static void
cairn_message_row_class_init (CairnMessageRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  CairnItemRowClass *row_class = CAIRN_ITEM_ROW_CLASS (klass);

  row_class->bind = cairn_message_row_bind;
  row_class->unbind = cairn_message_row_unbind;

  g_type_ensure (CAIRN_TYPE_TEXT_ITEM);
  g_type_ensure (CAIRN_TYPE_MARKDOWN_VIEW);
  g_type_ensure (CAIRN_TYPE_WORKING_INDICATOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-message-row.ui");
  gtk_widget_class_set_css_name (widget_class, "messagerow");
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, author_label);
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, prompt_controls);
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, actions_button);
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, text_label);
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, markdown);
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, images_scroller);
  gtk_widget_class_bind_template_child (widget_class, CairnMessageRow, images_box);
}

static void
cairn_message_row_init (CairnMessageRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_menu_button_set_create_popup_func (self->actions_button, create_prompt_menu, self, NULL);
}
