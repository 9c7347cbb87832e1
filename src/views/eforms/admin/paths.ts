/** The admin eForm addresses (spec 2.2). */
export const allFormsPath = '/admin/eforms/all';

export const boardsPath = (locationId: string, boardUri?: string) =>
  `/admin/eforms/forms/${encodeURIComponent(locationId)}${boardUri ? `/${encodeURIComponent(boardUri)}` : ''}`;

export const editPath = (locationId: string, formId: string) =>
  `/admin/eforms/forms/edit/${encodeURIComponent(locationId)}/${encodeURIComponent(formId)}`;

export const addPath = (locationId?: string, boardId?: string) =>
  `/admin/eforms/forms/add${locationId ? `/${encodeURIComponent(locationId)}` : ''}${boardId ? `?board=${encodeURIComponent(boardId)}` : ''}`;
