import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ChatIcon, CloseIcon } from "../../components/icons";
import { CHAT_FLOW, chatAfter, chatOpening } from "./chatFlow";

function ChatLine({ line, onLink }) {
  if (line.from === "you") return <li className="chat-line chat-you">{line.text}</li>;
  const { say, link } = CHAT_FLOW[line.step];
  return (
    <li className="chat-line chat-bot">
      {say}
      {link && (
        <>
          {" "}
          <Link to={link.to} onClick={onLink}>
            {link.label}
          </Link>
        </>
      )}
    </li>
  );
}

// The home page's help button and the small chat it opens.
export default function ChatHelp() {
  const [open, setOpen] = useState(false);
  const [conversation, setConversation] = useState(chatOpening);
  const end = useRef(null);
  const options = CHAT_FLOW[conversation.at(-1).step].options;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [conversation]);

  if (!open) {
    return (
      <button type="button" className="chat-button" onClick={() => setOpen(true)}>
        <ChatIcon />
        <span>Help</span>
      </button>
    );
  }
  return (
    <section className="chat" role="dialog" aria-label="Chat help">
      <div className="chat-head">
        <h2>Chat help</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close the chat"
          onClick={() => setOpen(false)}
        >
          <CloseIcon />
        </button>
      </div>
      <ol className="chat-lines" aria-live="polite">
        {conversation.map((line, index) => (
          <ChatLine key={index} line={line} onLink={() => setOpen(false)} />
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
      <div className="chat-options">
        {options.map((option) => (
          <button
            key={option.label}
            type="button"
            className="button button-small"
            onClick={() => setConversation(chatAfter(conversation, option))}
          >
            {option.label}
          </button>
        ))}
      </div>
    </section>
  );
}
