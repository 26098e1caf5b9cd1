// Saves a JSON document as a file the browser downloads (no server round trip: the data is already here).
export function saveJsonFile(data, filename, doc = document) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement("a");
  link.href = url;
  link.download = filename;
  doc.body.append(link);
  link.click();
  link.remove();
  // After the click's task: the browser has started the download from the URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// The file's name: the shop's data and the day, as the server names it (privacy/views.py).
export function dataFileName(now = new Date()) {
  return `sneaker-shop-data-${now.toISOString().slice(0, 10)}.json`;
}
